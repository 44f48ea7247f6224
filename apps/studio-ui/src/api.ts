import type {
  FreeRound,
  GameChoice,
  RotateAnswer,
  Round,
  RoundAnswer,
  Seeds,
  Session,
  StudioBackend,
} from './types.ts';

/** An error answer of the studio: `{ error: { code, message, field? } }` with a 4xx, or a network failure. */
export class StudioApiError extends Error {
  override readonly name = 'StudioApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export interface StudioRequest {
  method: 'GET' | 'PUT' | 'POST';
  url: string;
  body?: string;
}

/** Base path of one session's API: the session id is the capability (no cookies). */
export const sessionBase = (sessionId: string) => `/studio/api/sessions/${encodeURIComponent(sessionId)}`;

/** The request for each operation of docs/studio-api.md §2 (pure: tested without a server). */
export const requests = {
  session: (id: string): StudioRequest => ({ method: 'GET', url: sessionBase(id) }),
  setClientSeed: (id: string, clientSeed: string): StudioRequest => ({
    method: 'PUT',
    url: `${sessionBase(id)}/seeds`,
    body: JSON.stringify({ clientSeed }),
  }),
  rotateSeeds: (id: string, clientSeed?: string): StudioRequest => ({
    method: 'POST',
    url: `${sessionBase(id)}/seeds/rotate`,
    body: JSON.stringify(clientSeed === undefined ? {} : { clientSeed }),
  }),
  play: (id: string, bet: string, choice: GameChoice): StudioRequest => ({
    method: 'POST',
    url: `${sessionBase(id)}/rounds`,
    body: JSON.stringify({ bet, choice }),
  }),
  act: (id: string, roundId: string, action: string, tile?: number): StudioRequest => ({
    method: 'POST',
    url: `${sessionBase(id)}/rounds/${encodeURIComponent(roundId)}/actions`,
    body: JSON.stringify(tile === undefined ? { action } : { action, tile }),
  }),
  freeRounds: (id: string): StudioRequest => ({ method: 'GET', url: `${sessionBase(id)}/free-rounds` }),
  playFreeRound: (id: string, freeRoundId: string): StudioRequest => ({
    method: 'POST',
    url: `${sessionBase(id)}/free-rounds/${encodeURIComponent(freeRoundId)}/play`,
    body: '{}',
  }),
  rounds: (id: string, limit = 20): StudioRequest => ({
    method: 'GET',
    url: `${sessionBase(id)}/rounds?limit=${limit}`,
  }),
};

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export async function send<T>(req: StudioRequest, fetchImpl: Fetch = fetch): Promise<T> {
  let res: Response;
  try {
    res = await fetchImpl(req.url, {
      method: req.method,
      headers:
        req.body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      ...(req.body === undefined ? {} : { body: req.body }),
    });
  } catch {
    throw new StudioApiError(0, 'network', 'The studio could not be reached.');
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const e = (data as { error?: { code?: unknown; message?: unknown; field?: unknown } } | null)?.error;
    throw new StudioApiError(
      res.status,
      typeof e?.code === 'string' ? e.code : res.status >= 500 ? 'server_error' : 'bad_request',
      typeof e?.message === 'string' ? e.message : res.statusText,
      typeof e?.field === 'string' ? e.field : undefined,
    );
  }
  return data as T;
}

/** The HTTP client of one studio session. */
export function httpStudio(sessionId: string, fetchImpl: Fetch = (i, init) => fetch(i, init)): StudioBackend {
  return {
    session: () => send<Session>(requests.session(sessionId), fetchImpl),
    setClientSeed: (clientSeed) => send<{ seeds: Seeds }>(requests.setClientSeed(sessionId, clientSeed), fetchImpl),
    rotateSeeds: (clientSeed) => send<RotateAnswer>(requests.rotateSeeds(sessionId, clientSeed), fetchImpl),
    play: (bet, choice) => send<RoundAnswer>(requests.play(sessionId, bet, choice), fetchImpl),
    act: (roundId, action, tile) => send<RoundAnswer>(requests.act(sessionId, roundId, action, tile), fetchImpl),
    rounds: (limit) => send<{ rounds: Round[] }>(requests.rounds(sessionId, limit), fetchImpl),
    freeRounds: () => send<{ freeRounds: FreeRound[] }>(requests.freeRounds(sessionId), fetchImpl),
    playFreeRound: (id) => send<RoundAnswer>(requests.playFreeRound(sessionId, id), fetchImpl),
  };
}
