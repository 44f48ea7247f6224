import type { BonusCostRow, DailyReportRow, FunnelRow, GameReportRow, PlayerReportRow } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import type { Db } from '../../db/client.ts';
import { gamesByIdentity } from '../game/index.ts';
import { staffLabels } from '../player/index.ts';
import type { RatesSource } from '../settings/index.ts';
import { houseGameTheory } from '../studio/index.ts';
import { namesOfCampaigns } from './campaign-names.ts';
import { figuresConverter, presentConverted } from './converted.ts';
import { campaignCostPages } from './queries/bonus-cost.ts';
import { type DayRange, dailyPages } from './queries/daily.ts';
import { funnelDays } from './queries/funnel.ts';
import { type GameFigures, gamePages } from './queries/games.ts';
import { type TopPlayersQuery, topPlayers } from './queries/players.ts';
import { rtpInterval } from './rtp-interval.ts';

// Each report's rows as the API answers them (backoffice-api.md §8, decision 0121), a page at a time: the JSON
// answer gathers the pages, the CSV writes each as it comes. Amounts stay integer minor units until here, where
// they become major units beside their currency; names, theory and rates are looked up once per page.

export interface ReportDeps {
  db: Db;
  rates: RatesSource;
}

const major = toMajor;

export async function* dailyRows({ db, rates }: ReportDeps, range: DayRange, pageSize: number) {
  for await (const page of dailyPages(db, range, pageSize)) {
    // One table for the whole page: a refresh between pages is possible, never within a row.
    const convert = figuresConverter(rates.current());
    yield page.map((f): DailyReportRow => {
      const ggr = f.bets - f.wins;
      const c = f.currency;
      return {
        date: f.day,
        currency: c,
        deposits: major(f.deposits, c),
        withdrawals: major(f.withdrawals, c),
        bets: major(f.bets, c),
        wins: major(f.wins, c),
        ggr: major(ggr, c),
        bonusCost: major(f.bonusCost, c),
        ngr: major(ggr - f.bonusCost, c),
        activePlayers: f.activePlayers,
        newPlayers: f.newPlayers,
        firstDeposits: f.firstDeposits,
        converted: presentConverted(
          convert(c, { deposits: f.deposits, withdrawals: f.withdrawals, ggr, bonusCost: f.bonusCost }),
        ),
      };
    });
  }
}

/** The catalogue's rows of a page's games: by identity, or by the identity without its provider's prefix. */
async function catalogueOf(db: Db, page: readonly GameFigures[]) {
  const bare = (g: GameFigures) =>
    g.game.startsWith(`${g.providerId}-`) ? g.game.slice(g.providerId.length + 1) : g.game;
  const found = await gamesByIdentity(db, [...page.map((g) => g.game), ...page.map(bare)]);
  return (g: GameFigures) => found.get(g.game) ?? found.get(bare(g));
}

/**
 * The theory of a game: the studio's math for a house game (RTP and payout variance, so an interval); for
 * another provider, the RTP its catalogue entry publishes, with no variance and so no interval.
 */
function theoryOf(g: GameFigures, catalogueRtp: string | null | undefined) {
  const house = houseGameTheory(g.game);
  if (house) return { theory: house, published: null };
  const published = catalogueRtp == null ? null : Number(catalogueRtp);
  return { theory: null, published: Number.isFinite(published) ? published : null };
}

export async function* gameRows({ db }: ReportDeps, range: DayRange, pageSize: number) {
  for await (const page of gamePages(db, range, pageSize)) {
    const catalogue = await catalogueOf(db, page);
    yield page.map((g): GameReportRow => {
      const entry = catalogue(g);
      const { theory, published } = theoryOf(g, entry?.rtp);
      const figures = rtpInterval(theory, {
        rounds: g.rounds,
        stakes: g.stakes,
        stakeSquares: g.stakeSquares,
        payouts: g.payouts,
      });
      return {
        // A game the catalogue no longer knows keeps its identity as its id and name.
        gameId: entry?.id ?? g.game,
        identity: g.game,
        provider: g.providerId,
        name: entry?.name ?? g.game,
        currency: g.currency,
        rounds: g.rounds,
        bets: major(g.stakes, g.currency),
        wins: major(g.payouts, g.currency),
        ...figures,
        ...(theory ? {} : { theoreticalRtp: published }),
      };
    });
  }
}

export async function* playerRows({ db }: ReportDeps, query: TopPlayersQuery) {
  const top = await topPlayers(db, query);
  const names = await staffLabels(
    db,
    top.map((p) => p.playerId),
  );
  yield top.map(
    (p): PlayerReportRow => ({
      playerId: p.playerId,
      name: names.get(p.playerId) ?? null,
      currency: p.currency,
      bets: major(p.bets, p.currency),
      wins: major(p.wins, p.currency),
      ggr: major(p.bets - p.wins, p.currency),
      deposits: major(p.deposits, p.currency),
      withdrawals: major(p.withdrawals, p.currency),
    }),
  );
}

export async function* bonusCostRows({ db }: ReportDeps, range: DayRange, pageSize: number) {
  for await (const page of campaignCostPages(db, range, pageSize)) {
    const nameOf = await namesOfCampaigns(db, page);
    yield page.map(
      (c): BonusCostRow => ({
        kind: c.kind as BonusCostRow['kind'],
        campaignId: c.campaignId || null,
        name: nameOf(c.kind, c.campaignId),
        currency: c.currency,
        cost: major(c.cost, c.currency),
        players: c.players,
      }),
    );
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function* funnelRows({ db }: ReportDeps, range: DayRange) {
  const days = await funnelDays(db, range);
  yield days.map(
    (d): FunnelRow => ({
      date: d.day,
      registrations: d.registrations,
      deposited: d.deposited,
      conversion: d.registrations > 0 ? round2((d.deposited / d.registrations) * 100) : null,
      medianHoursToDeposit: d.medianSeconds === null ? null : round2(d.medianSeconds / 3600),
    }),
  );
}
