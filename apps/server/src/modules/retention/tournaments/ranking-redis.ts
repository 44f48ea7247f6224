import { Redis } from 'ioredis';
import type { Db } from '../../../db/client.ts';
import { poolSql } from '../../../db/lean-sql.ts';
import { ALL_ENTRIES, type Ranked, type Ranking } from './ranking.ts';

// The live ranking in a Redis sorted set per tournament (decision 0063). Score = −points (hundredths), so
// ZRANGE ascending is the best first; member = zero-padded entry `seq` + ':' + player id, so equal points
// order by the earlier entrant exactly as the table does. Scores are absolute (ZADD), never increments:
// a repeated or late write cannot double count. A raise uses LT (a late, lower write loses); a rollback
// overwrites. The key expires a day after the tournament ends.

const SEQ_WIDTH = 15;
const DAY_MS = 24 * 60 * 60 * 1000;
const memberOf = (seq: bigint, playerId: string) => `${seq.toString().padStart(SEQ_WIDTH, '0')}:${playerId}`;
const playerOf = (member: string) => member.slice(SEQ_WIDTH + 1);

export function redisRanking(db: Db, url: string, prefix: string): Ranking {
  const redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 2, lazyConnect: false });
  redis.on('error', () => {}); // outages surface as failed calls; the table stays right
  const key = (tournamentId: string) => `${prefix}tournament:${tournamentId}`;

  const rebuild = async (tournamentId: string, endAt: Date) => {
    const rows = await poolSql(db).query<{ player_id: string; seq: string; points: string }>(ALL_ENTRIES, [
      tournamentId,
      1_000_000,
    ]);
    if (rows.length === 0) return;
    const args = rows.flatMap((r) => [String(-Number(r.points)), memberOf(BigInt(r.seq), r.player_id)]);
    await redis
      .multi()
      .zadd(key(tournamentId), ...args)
      .pexpireat(key(tournamentId), endAt.getTime() + DAY_MS)
      .exec();
  };

  return {
    kind: 'redis',
    async record(changes) {
      const pipeline = redis.pipeline();
      for (const c of changes) {
        const k = key(c.tournamentId);
        const score = String(-Number(c.points));
        if (c.decreased) pipeline.zadd(k, score, memberOf(c.seq, c.playerId));
        else pipeline.zadd(k, 'LT', score, memberOf(c.seq, c.playerId));
        pipeline.pexpireat(k, c.endAt.getTime() + DAY_MS);
      }
      await pipeline.exec();
    },
    async top(tournamentId, limit): Promise<Ranked[]> {
      const flat = (await redis.zrange(key(tournamentId), 0, String(limit - 1), 'WITHSCORES')) as string[];
      const out: Ranked[] = [];
      for (let i = 0; i < flat.length; i += 2) {
        out.push({ playerId: playerOf(flat[i]!), points: BigInt(-Number(flat[i + 1])), place: i / 2 + 1 });
      }
      return out;
    },
    async placesOf(tournamentId, entries) {
      const pipeline = redis.pipeline();
      for (const e of entries) pipeline.zrank(key(tournamentId), memberOf(e.seq, e.playerId));
      const answers = (await pipeline.exec()) ?? [];
      const places = new Map<string, number>();
      answers.forEach(([error, rank], i) => {
        if (!error && typeof rank === 'number') places.set(entries[i]!.playerId, rank + 1);
      });
      return places;
    },
    sync: rebuild,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
