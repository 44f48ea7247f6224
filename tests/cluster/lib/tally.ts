// What the load saw, per phase: requests answered, errors by kind, and when the last error happened.
import { now } from './cluster.ts';

/** An HTTP answer's or a transport failure's kind: `200`, `503 wallet_unavailable`, `ECONNRESET`, `timeout`… */
export type Kind = string;

export class Tally {
  answered = 0;
  readonly errors = new Map<Kind, number>();
  readonly errorTimes: number[] = [];

  ok(): void {
    this.answered++;
  }

  error(kind: Kind): void {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
    this.errorTimes.push(now());
  }

  reset(): void {
    this.answered = 0;
    this.errors.clear();
    this.errorTimes.length = 0;
  }

  summary() {
    return { answered: this.answered, errors: Object.fromEntries([...this.errors].sort()) };
  }
}

/** The kind of a failed fetch: the socket's code (ECONNRESET, ECONNREFUSED, UND_ERR_SOCKET) or `timeout`. */
export function transportKind(error: unknown): Kind {
  const e = error as { name?: string; cause?: { code?: string; name?: string }; code?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || e.cause?.name === 'TimeoutError') return 'timeout';
  return e.cause?.code ?? e.code ?? e.name ?? 'unknown';
}

/** `503 wallet_unavailable` from the error envelope or the seamless answer's code, else the status alone. */
export function statusKind(status: number, body: string): Kind {
  try {
    const json = JSON.parse(body) as { code?: string | number; error?: { code?: string | number; type?: string } };
    const code = json.code ?? json.error?.type ?? json.error?.code;
    return code === undefined ? `${status}` : `${status} ${code}`;
  } catch {
    return `${status}`;
  }
}
