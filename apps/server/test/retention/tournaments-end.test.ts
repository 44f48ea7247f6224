import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { finishTournament } from '../../src/modules/retention/tournaments/index.ts';
import { tournamentResults, tournaments } from '../../src/modules/retention/tournaments/schema.ts';
import { MemoryPublisher } from '../../src/outbox/index.ts';
import { databaseKind } from '../harness.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { play, running, tournament } from './tournaments-helpers.ts';

// The end of a tournament (issue 13 §4, §7): the app's queue runs the end job after `endAt`; it fixes the
// result once, pays every prize once (however often it runs, on this app or a new one on the same
// database), publishes the completion and starts the next tournament of a rolling series.

let t: SeamlessTestApp;
beforeAll(async () => {
  t = await createSeamlessTestApp();
}, 180_000);
afterAll(() => t.close(), 60_000);

const rows = async <R>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const noQueue = {
  db: () => t.database.db,
  now: () => new Date(),
  send: async () => null,
  job: { name: 'retention-tournament-end', handle: async () => {} },
};

describe(`tournament end (${databaseKind})`, { timeout: 180_000 }, () => {
  it('fixes the result and pays each prize exactly once across repeats and a restart', async () => {
    const row = await running(t, { endAt: new Date(Date.now() + 4000), series: `series-${Date.now()}` });
    const a = await t.newPlayer('100.00');
    const b = await t.newPlayer('100.00');
    const c = await t.newPlayer('100.00');
    await play(t, a.token, '5.00', '0');
    await play(t, b.token, '3.00', '0');
    await t.app.outbox.drain();

    // The app's own queue runs the end job once the tournament is over.
    const done = await until(
      () => tournament(t, row.id),
      (x) => x.state === 4 && x.prizes[0]?.entry !== undefined,
    );
    expect(done.prizes).toMatchObject([
      { place: 1, title: '€10', entry: { playerId: a.playerId, points: 5 } },
      { place: 2, title: '€5 bonus', entry: { playerId: b.playerId, points: 3 } },
    ]);

    // Again by hand, twice, then a new app on the same database (its start queues every open end again).
    const deps = { ...noQueue, db: t.database.db };
    expect(await finishTournament(deps, row.id)).toBe('skipped');
    expect(await finishTournament(deps, row.id)).toBe('skipped');
    const againPublished = new MemoryPublisher();
    const again = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      publishers: [againPublished],
    });
    await again.ready();
    await new Promise((r) => setTimeout(r, 3000));
    await again.close();

    const paid = await rows<{ key: string }>(
      sql`select idempotency_key as key from wallet.transactions where kind = 'tournament.prize' and idempotency_key like ${`reward:tournament:${row.id}:%`} order by 1`,
    );
    expect(paid.map((p) => p.key)).toEqual([`reward:tournament:${row.id}:1`, `reward:tournament:${row.id}:2`]);
    const balances = await rows<{ player_id: string; real: string; bonus: string }>(
      sql`select player_id::text, real::text, bonus::text from wallet.accounts where player_id::text in (${a.playerId}, ${b.playerId}, ${c.playerId}) and currency = 'EUR'`,
    );
    const of = (id: string) => balances.find((x) => x.player_id === id);
    expect(of(a.playerId)).toMatchObject({ real: '10500', bonus: '0' });
    expect(of(b.playerId)).toMatchObject({ real: '9700', bonus: '500' });
    expect(of(c.playerId)).toMatchObject({ real: '10000', bonus: '0' });
    expect(
      await t.database.db.select().from(tournamentResults).where(eq(tournamentResults.tournamentId, row.id)),
    ).toHaveLength(2);

    // The completion went to `tournaments` once, with the winners (whichever app's dispatcher sent it).
    type Completed = { tournament: { id: string; prizes: { entry?: { playerId: string } }[] } };
    const completed = [...(await t.published('tournaments')), ...againPublished.published]
      .filter((m) => m.channel === 'tournaments' && m.event === 'tournament.completed')
      .map((m) => ({ data: m.data as Completed }));
    const ours = completed.filter((x) => x.data.tournament.id === row.id);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.data.tournament.prizes[0]!.entry!.playerId).toBe(a.playerId);

    // A rolling series goes on: the next one starts where this one ended.
    const [next] = await t.database.db
      .select()
      .from(tournaments)
      .where(and(eq(tournaments.series, row.series!), eq(tournaments.status, 'scheduled')));
    expect(next?.startAt.getTime()).toBe(row.endAt.getTime());
    expect(next!.endAt.getTime() - next!.startAt.getTime()).toBe(row.endAt.getTime() - row.startAt.getTime());
  });
});
