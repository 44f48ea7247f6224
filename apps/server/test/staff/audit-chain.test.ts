import { describe, expect, it } from 'vitest';
import {
  AUDIT_FIELDS,
  type AuditRow,
  auditHash,
  type ChainedAuditRow,
  canonicalJson,
  GENESIS_HASH,
  verifyChain,
} from '../../src/modules/staff/audit/chain.ts';

const ROWS: [AuditRow, AuditRow, AuditRow] = [
  {
    seq: 1,
    at: new Date('2025-01-02T03:04:05.678Z'),
    staffId: 'a0000000-0000-4000-8000-000000000001',
    action: 'player.view',
    targetType: 'player',
    targetId: 'p-1',
    playerId: 'p-1',
    reason: null,
    before: null,
    after: null,
    result: 'ok',
  },
  {
    seq: 2,
    at: new Date('2025-01-02T03:05:00.000Z'),
    staffId: 'a0000000-0000-4000-8000-000000000001',
    action: 'player.blocks',
    targetType: 'player',
    targetId: 'p-1',
    playerId: 'p-1',
    reason: 'chargeback pending',
    before: { login: false, deposit: false, nested: { b: 1, a: [1, { y: 2, x: 1 }] } },
    after: { login: false, deposit: true, nested: { b: 1, a: [1, { y: 2, x: 1 }] } },
    result: 'ok',
  },
  {
    seq: 3,
    at: new Date('2025-01-02T03:06:00.000Z'),
    staffId: 'a0000000-0000-4000-8000-000000000002',
    action: 'adjustment.create',
    targetType: 'adjustment',
    targetId: null,
    playerId: 'p-1',
    reason: 'goodwill',
    before: null,
    after: null,
    result: 'denied',
  },
];

type Chain = [ChainedAuditRow, ChainedAuditRow, ChainedAuditRow];

/** Chains the rows as the writer will: each row's prevHash is the hash before it. */
function chain(rows: AuditRow[] = ROWS): Chain {
  let prevHash = GENESIS_HASH;
  return rows.map((row) => {
    const hash = auditHash(row, prevHash);
    const chained = { ...row, prevHash, hash };
    prevHash = hash;
    return chained;
  }) as Chain;
}

/** A different value of the same kind, for each field. */
const CHANGED: Record<(typeof AUDIT_FIELDS)[number], unknown> = {
  seq: 20,
  at: new Date('2025-01-02T03:05:00.001Z'),
  staffId: 'a0000000-0000-4000-8000-000000000009',
  action: 'player.notes',
  targetType: 'staff',
  targetId: 'p-2',
  playerId: null,
  reason: 'chargeback pending ',
  before: { login: false, deposit: false, nested: { b: 1, a: [1, { y: 2, x: 2 }] } },
  after: { login: false, deposit: true, nested: { b: 1, a: [{ y: 2, x: 1 }, 1] } },
  result: 'denied',
};

describe('audit hash chain (§7)', () => {
  it('a chain of three verifies from the genesis', () => {
    const rows = chain();
    expect(rows[0].prevHash).toBe(GENESIS_HASH);
    expect(rows[2].hash).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyChain(rows)).toEqual({ ok: true, rows: 3, head: rows[2].hash });
    expect(verifyChain([])).toEqual({ ok: true, rows: 0, head: GENESIS_HASH });
  });

  for (const field of AUDIT_FIELDS) {
    it(`changing ${field} of row 2 breaks the chain at row 2`, () => {
      const rows = chain();
      rows[1] = { ...rows[1], [field]: CHANGED[field] } as ChainedAuditRow;
      // brokenAt is the seq the broken row carries: 20 when seq itself was changed (still in order).
      const brokenAt = String(rows[1].seq);
      expect(verifyChain(rows)).toEqual({ ok: false, rows: 3, head: rows[0].hash, brokenAt });
    });
  }

  it('a changed prevHash or hash on row 2 breaks it at row 2, and a rehashed row 2 at row 3', () => {
    const rows = chain();
    expect(verifyChain(rows.map((r, i) => (i === 1 ? { ...r, hash: rows[0].hash } : r))).brokenAt).toBe('2');
    expect(verifyChain(rows.map((r, i) => (i === 1 ? { ...r, prevHash: GENESIS_HASH } : r))).brokenAt).toBe('2');
    const edited = { ...ROWS[1], reason: 'edited' };
    const rehashed = { ...edited, prevHash: rows[0].hash, hash: auditHash(edited, rows[0].hash) };
    expect(verifyChain([rows[0], rehashed, rows[2]]).brokenAt).toBe('3');
  });

  it('deleting a row breaks the chain at the row after it; so does reordering', () => {
    const rows = chain();
    expect(verifyChain([rows[0], rows[2]])).toEqual({ ok: false, rows: 2, head: rows[0].hash, brokenAt: '3' });
    expect(verifyChain([rows[1], rows[2]]).brokenAt).toBe('2');
    expect(verifyChain([rows[0], rows[2], rows[1]]).brokenAt).toBe('3');
  });

  it('verifies page by page from the head of the page before', () => {
    const rows = chain();
    const first = verifyChain(rows.slice(0, 2));
    expect(verifyChain(rows.slice(2), first.head)).toEqual({ ok: true, rows: 1, head: rows[2].hash });
    expect(verifyChain(rows.slice(2)).ok).toBe(false);
  });

  it('the hash does not depend on key order in before/after, nor on how seq and at come back', () => {
    const row = ROWS[1];
    const reordered: AuditRow = {
      ...row,
      seq: '2',
      at: '2025-01-02T03:05:00.000Z',
      before: { nested: { a: [1, { x: 1, y: 2 }], b: 1 }, deposit: false, login: false },
      after: { deposit: true, nested: { a: [1, { x: 1, y: 2 }], b: 1 }, login: false },
    };
    expect(auditHash(reordered, GENESIS_HASH)).toBe(auditHash(row, GENESIS_HASH));
    expect(auditHash({ ...row, seq: 2n }, GENESIS_HASH)).toBe(auditHash(row, GENESIS_HASH));
    // Array order is content, not layout.
    const swapped = { ...row, after: { ...(row.after as object), nested: { b: 1, a: [{ y: 2, x: 1 }, 1] } } };
    expect(auditHash(swapped, GENESIS_HASH)).not.toBe(auditHash(row, GENESIS_HASH));
  });

  it('encodes as a jsonb round trip would read it back', () => {
    const value = { b: 1, '10': 'ten', '9': 'nine', a: undefined, d: new Date('2025-01-01T00:00:00Z'), n: 12n };
    expect(canonicalJson(value)).toBe('{"10":"ten","9":"nine","b":1,"d":"2025-01-01T00:00:00.000Z","n":"12"}');
    // What JSON.stringify (and so the jsonb column) keeps, read back with its keys in another order.
    const roundTrip = JSON.parse(JSON.stringify({ n: '12', d: value.d, b: 1, '9': 'nine', '10': 'ten' }));
    expect(canonicalJson(roundTrip)).toBe(canonicalJson(value));
    expect(canonicalJson([undefined, Number.NaN, 'é\n"'])).toBe('[null,null,"é\\n\\""]');
  });
});
