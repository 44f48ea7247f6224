import { describe, expect, it } from 'vitest';
import { evidenceRows, windowText } from '../app/features/flags/words.ts';
import {
  decidedBy,
  decisionText,
  providerName,
  VERIFICATION_FILTER_LABELS,
  VERIFICATION_FILTERS,
  verificationActions,
} from '../app/features/kyc/verification-words.ts';
import { statusParam } from '../app/lib/statuses.ts';

// The KYC verifications queue's pure pieces (decision 0115, the API of decision 0113): which decisions a row
// offers, which of them confirms a provider's held result, and what the dialog says before anyone confirms. And
// what the flags e2e showed with real data: a flag's evidence and window as the server stores them.

type Row = Parameters<typeof verificationActions>[0] & { provider: string };
const row = (over: Partial<Row> = {}): Row => ({
  provider: 'sumsub',
  status: 'pending',
  awaitingConfirmation: false,
  providerResult: null,
  ...over,
});
const held = (status: 'approved' | 'rejected') =>
  row({
    awaitingConfirmation: true,
    providerResult: { status, rejectReason: status === 'rejected' ? 'Document expired' : null, decidedAt: 'x' },
  });

describe('KYC verification decisions', () => {
  it('offers approve and reject on a pending verification, neither confirming anything', () => {
    expect(verificationActions(row())).toEqual([
      { verb: 'approve', label: 'Approve', confirms: null },
      { verb: 'reject', label: 'Reject', confirms: null },
    ]);
    expect(verificationActions(row({ status: 'init' })).map((a) => a.verb)).toEqual(['approve', 'reject']);
  });

  it('never offers the status a verification already has (the server says 20005)', () => {
    expect(verificationActions(row({ status: 'approved' })).map((a) => a.verb)).toEqual(['reject']);
    expect(verificationActions(row({ status: 'rejected' })).map((a) => a.verb)).toEqual(['approve']);
  });

  it("puts the decision that confirms a provider's held result first, and marks the other as overruling", () => {
    expect(verificationActions(held('approved'))).toEqual([
      { verb: 'approve', label: 'Confirm: approve', confirms: true },
      { verb: 'reject', label: 'Reject', confirms: false },
    ]);
    expect(verificationActions(held('rejected'))).toEqual([
      { verb: 'reject', label: 'Confirm: reject', confirms: true },
      { verb: 'approve', label: 'Approve', confirms: false },
    ]);
  });

  it('ignores a provider result that is not held (already decided by a person)', () => {
    const decided = row({
      status: 'rejected',
      providerResult: { status: 'approved', rejectReason: null, decidedAt: 'x' },
    });
    expect(verificationActions(decided)).toEqual([{ verb: 'approve', label: 'Approve', confirms: null }]);
  });

  it('says in the dialog what the provider decided and whether the decision confirms or overrules it', () => {
    expect(decisionText(held('approved'), 'approve')).toBe(
      "Sumsub decided: approved. This confirms it. The player's identity becomes verified and they get a message saying so.",
    );
    expect(decisionText(held('approved'), 'reject')).toMatch(
      /^Sumsub decided: approved\. This overrules it\. The player reads/,
    );
    expect(decisionText(row(), 'reject')).toBe(
      'The player reads your message as the reason their identity was not verified.',
    );
  });

  it('says who decided: a staff member, else the provider when decided, else nobody', () => {
    expect(decidedBy({ provider: 'sandbox', reviewedBy: 'staff-1', reviewedAt: 't' })).toEqual({ staffId: 'staff-1' });
    expect(decidedBy({ provider: 'sandbox', reviewedBy: null, reviewedAt: 't' })).toEqual({ provider: 'Sandbox' });
    expect(decidedBy({ provider: 'sumsub', reviewedBy: null, reviewedAt: null })).toBeNull();
  });

  it('names the providers, and any other as it came', () => {
    expect(providerName('sandbox')).toBe('Sandbox');
    expect(providerName('staff')).toBe('Staff (documents)');
    expect(providerName('onfido')).toBe('onfido');
  });

  it('reads the status filter from the address, review by default, with a label for each', () => {
    expect(statusParam(VERIFICATION_FILTERS, null, 'review')).toBe('review');
    expect(statusParam(VERIFICATION_FILTERS, 'init', 'review')).toBe('init');
    expect(statusParam(VERIFICATION_FILTERS, 'closed', 'review')).toBe('review');
    for (const f of VERIFICATION_FILTERS) expect(VERIFICATION_FILTER_LABELS[f]).toBeTruthy();
  });
});

describe('a flag read from real evidence', () => {
  it('puts the evidence in reading order (jsonb answers the shortest keys first), code words as words', () => {
    // As PostgreSQL's jsonb gives back a limit_raised flag's evidence.
    const stored = {
      to: 500,
      from: 100,
      limit: 'deposit',
      action: 'increase_requested',
      period: 'daily',
      currency: 'EUR',
    };
    expect(evidenceRows(stored)).toEqual([
      ['Limit', 'deposit'],
      ['Period', 'daily'],
      ['Currency', 'EUR'],
      ['Action', 'increase requested'],
      ['From', '100'],
      ['To', '500'],
    ]);
    expect(evidenceRows({ netLoss: [10, 20, 30.5], day: '2026-11-28' })).toEqual([
      ['Day', '2026-11-28'],
      ['Net loss', '10, 20, 30.5'],
    ]);
  });

  it('shows a window with its ids shortened and its parts apart, times left whole', () => {
    expect(windowText('47ff68e8-8171-4b76-8908-4ac5ae8355e6:2026-11-28')).toBe('47ff68e8… · 2026-11-28');
    expect(windowText('3:daily:EUR:2026-11-28')).toBe('3 · daily · EUR · 2026-11-28');
    expect(windowText('2026-11-28T22:10:05.000Z')).toBe('2026-11-28T22:10:05.000Z');
  });
});
