import type { SportsbookEvent } from '@croupier/contracts/sportsbook';

/** An outcome's odds in hundredths (210 = 2.10), kept as integers so payouts are exact. */
export interface Outcome {
  id: string;
  name: string;
  odds: number;
}
export interface FixedEvent {
  id: string;
  sport: string;
  league: string;
  name: string;
  /** Hours from the process start: the sandbox's events are always "upcoming". */
  startsInHours: number;
  outcomes: Outcome[];
}

/** The sandbox's fixed card (decision 0071): fictional teams, books with a 4–6 % margin. */
export const EVENTS: readonly FixedEvent[] = [
  {
    id: 'fb-lisbon-porto',
    sport: 'Football',
    league: 'Atlantic League',
    name: 'Lisbon Lions – Porto Mariners',
    startsInHours: 2,
    outcomes: [
      { id: 'home', name: 'Lisbon Lions', odds: 210 },
      { id: 'draw', name: 'Draw', odds: 340 },
      { id: 'away', name: 'Porto Mariners', odds: 330 },
    ],
  },
  {
    id: 'tn-rivera-tanaka',
    sport: 'Tennis',
    league: 'Harbour Open',
    name: 'A. Rivera – K. Tanaka',
    startsInHours: 3,
    outcomes: [
      { id: 'home', name: 'A. Rivera', odds: 165 },
      { id: 'away', name: 'K. Tanaka', odds: 220 },
    ],
  },
  {
    id: 'bb-hawks-bears',
    sport: 'Basketball',
    league: 'Coastal Cup',
    name: 'Harbor Hawks – Summit Bears',
    startsInHours: 5,
    outcomes: [
      { id: 'home', name: 'Harbor Hawks', odds: 190 },
      { id: 'away', name: 'Summit Bears', odds: 190 },
    ],
  },
  {
    id: 'ih-wolves-storm',
    sport: 'Ice hockey',
    league: 'Northern Series',
    name: 'Oslo Wolves – Turku Storm',
    startsInHours: 26,
    outcomes: [
      { id: 'home', name: 'Oslo Wolves', odds: 240 },
      { id: 'draw', name: 'Draw', odds: 410 },
      { id: 'away', name: 'Turku Storm', odds: 250 },
    ],
  },
];

export const oddsText = (odds: number) => (odds / 100).toFixed(2);

export function findOutcome(eventId: string, outcomeId: string): { event: FixedEvent; outcome: Outcome } | null {
  const event = EVENTS.find((e) => e.id === eventId);
  const outcome = event?.outcomes.find((o) => o.id === outcomeId);
  return event && outcome ? { event, outcome } : null;
}

/** The card as the page gets it, start times counted from `startedAt`. */
export function eventViews(startedAt: number): SportsbookEvent[] {
  return EVENTS.map((e) => ({
    id: e.id,
    sport: e.sport,
    league: e.league,
    name: e.name,
    startsAt: new Date(startedAt + e.startsInHours * 3_600_000).toISOString(),
    outcomes: e.outcomes.map((o) => ({ id: o.id, name: o.name, odds: oddsText(o.odds) })),
  }));
}

/**
 * The event's result, drawn with each outcome's probability implied by its odds (1/odds, normalised): the
 * book's margin is the house edge, as at a real bookmaker. `random` is in [0, 1).
 */
export function drawResult(event: FixedEvent, random: number): string {
  const weights = event.outcomes.map((o) => 1 / o.odds);
  const total = weights.reduce((a, b) => a + b, 0);
  let at = random * total;
  for (const [i, o] of event.outcomes.entries()) {
    at -= weights[i]!;
    if (at < 0) return o.id;
  }
  return event.outcomes[event.outcomes.length - 1]!.id;
}
