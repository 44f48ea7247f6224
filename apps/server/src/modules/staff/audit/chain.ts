import { createHash } from 'node:crypto';

/**
 * The audit log's hash chain (backoffice-api.md §7): each row carries the hex SHA-256 of its own fields and the
 * hash of the row before it, so an edited, inserted or deleted row shows when the chain is recomputed. The
 * database refuses updates and deletes too; the chain is what proves it to someone who does not trust it.
 */

/** The `prevHash` of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** The hashed fields, in the spec's order. A new column joins the hash only by being added here (and versioned). */
export const AUDIT_FIELDS = [
  'seq',
  'at',
  'staffId',
  'action',
  'targetType',
  'targetId',
  'playerId',
  'reason',
  'before',
  'after',
  'result',
] as const;

export type AuditRow = {
  /** From a bigint sequence: the driver may hand it over as a number, a bigint or a string. */
  seq: number | bigint | string;
  /** Set by the writer in JS (milliseconds), never by the database's now(), whose microseconds a Date drops. */
  at: Date | string;
  staffId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  playerId: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  result: 'ok' | 'denied';
};

export type ChainedAuditRow = AuditRow & { prevHash: string; hash: string };

/**
 * A value as JSON would carry it, with object keys sorted, so the same content always encodes the same way:
 * whatever order the keys were built in, and after a PostgreSQL jsonb round trip (which reorders keys and
 * drops nothing but undefined). Dates become ISO strings and bigints decimal strings, as the writer stores them.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value !== 'object') return 'null'; // functions and symbols: JSON has no such thing
  const json = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof json === 'function') return canonicalJson(json.call(value)); // a Date → its ISO string
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  // Sorted by hand: JSON.stringify would put integer-like keys ("9", "10") first whatever the order asked for.
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol') // as JSON drops them
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The row's hash: hex SHA-256 over the canonical JSON of its fields (AUDIT_FIELDS) and `prevHash`. */
export function auditHash(row: AuditRow, prevHash: string): string {
  const fields: Record<string, unknown> = { prevHash };
  for (const name of AUDIT_FIELDS) fields[name] = row[name];
  // One spelling per value whatever the driver returned: seq as a decimal string, at as an ISO instant.
  fields.seq = String(row.seq);
  fields.at = new Date(row.at).toISOString();
  return createHash('sha256').update(canonicalJson(fields)).digest('hex');
}

export type ChainCheck = {
  ok: boolean;
  /** How many rows were read. */
  rows: number;
  /** The last row's hash when ok; otherwise the last row that still checked out (the anchor when none). */
  head: string;
  /** The seq of the first row that fails: edited, out of order, or following a deleted or inserted row. */
  brokenAt?: string;
};

/**
 * Recomputes the chain over rows in seq order, from `prevHash` (the genesis, or the head of the page before,
 * so a long log can be checked page by page). Sequence gaps are allowed (a rolled-back transaction burns a
 * number); a missing row still shows, as the next row's `prevHash` no longer matches.
 */
export function verifyChain(rows: readonly ChainedAuditRow[], prevHash = GENESIS_HASH): ChainCheck {
  let head = prevHash;
  let lastSeq: bigint | null = null;
  for (const row of rows) {
    const seq = BigInt(row.seq);
    const intact =
      (lastSeq === null || seq > lastSeq) && row.prevHash === head && auditHash(row, row.prevHash) === row.hash;
    if (!intact) return { ok: false, rows: rows.length, head, brokenAt: seq.toString() };
    head = row.hash;
    lastSeq = seq;
  }
  return { ok: true, rows: rows.length, head };
}
