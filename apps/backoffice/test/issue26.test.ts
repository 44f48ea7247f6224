import { permissionsOf } from '@croupier/contracts/backoffice/roles';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { LiveEvents } from '../app/features/dashboard/live-client.ts';
import { createLiveHub } from '../app/features/dashboard/live-hub.ts';
import { evidenceRows, flagKindLabel } from '../app/features/flags/words.ts';
import { documentTypeName, fileSize } from '../app/features/kyc/document-types.ts';
import { approvalsText, approvedBy } from '../app/lib/approvals.ts';
import { addMonths, dayToIso, isDue } from '../app/lib/dates.ts';
import { keyLabel } from '../app/lib/format.ts';
import { navFor } from '../app/lib/permissions.ts';
import { riskFlagText } from '../app/lib/risk-flags.ts';
import { exclusionChoice } from '../app/lib/self-exclusion.ts';
import { amountField, thresholdText } from '../app/lib/settings-form.ts';
import { lookOf, statusParam, WITHDRAWAL_STATUSES } from '../app/lib/statuses.ts';
import { documentKind } from '../app/ui/document-viewer.tsx';
import { tipPlace } from '../app/ui/tip.tsx';

// Issue 26's screens, their pure pieces (decision 0115): approvals, flags in words, statuses, the settings'
// amounts, self-exclusion lengths, dates, the document viewer's kind, the nav per role, the shared live socket.

describe('withdrawal approvals', () => {
  const w = (over: Partial<Parameters<typeof approvalsText>[0]> = {}) => ({
    status: 'review',
    approvals: [] as string[],
    fourEyes: false,
    autoApproved: false,
    ...over,
  });
  it('says how far a withdrawal in review got, four-eyes needing two', () => {
    expect(approvalsText(w())).toBe('0 of 1 approval');
    expect(approvalsText(w({ fourEyes: true }))).toBe('0 of 2 approvals');
    expect(approvalsText(w({ fourEyes: true, approvals: ['a'] }))).toBe('1 of 2 approvals');
    expect(approvalsText(w({ status: 'approved', fourEyes: true, approvals: ['a', 'b'] }))).toBe('2 approvals');
    expect(approvalsText(w({ status: 'approved', approvals: [], autoApproved: true }))).toBe('Automatic');
    expect(approvalsText(w({ status: 'rejected' }))).toBe('—');
  });
  it('knows whose approval is already in', () => {
    expect(approvedBy(w({ approvals: ['me'] }), 'me')).toBe(true);
    expect(approvedBy(w({ approvals: ['other'] }), 'me')).toBe(false);
    expect(approvedBy(w({ approvals: ['me'] }), undefined)).toBe(false);
  });
});

describe('flags in words', () => {
  it('gives every known risk flag a label and the contracts’ explanation, and an unknown one its name', () => {
    expect(riskFlagText('newInstrument')).toEqual({
      name: 'newInstrument',
      label: 'New payout instrument',
      explanation: 'Paid out to an instrument never used for a deposit',
    });
    expect(riskFlagText('someNewRule').label).toBe('Some new rule');
    expect(riskFlagText('someNewRule').explanation).toMatch(/no description yet/);
    expect(flagKindLabel('loss_chasing')).toBe('Loss chasing');
    expect(flagKindLabel('brand_new')).toBe('brand new');
    expect(evidenceRows({ depositAmount: 500, currency: 'EUR', window: { from: 'a' }, none: null })).toEqual([
      ['Currency', 'EUR'],
      ['Deposit amount', '500'],
      ['Window', '{"from":"a"}'],
      ['None', '—'],
    ]);
    expect(keyLabel('bank_transfer')).toBe('Bank transfer');
    expect(documentTypeName('address')).toBe('Proof of address');
    expect(fileSize(12_345)).toBe('12.3 kB');
  });
});

describe('statuses', () => {
  it('looks a status up, an unknown one neutral under its own name, and reads the address with a default', () => {
    expect(lookOf(WITHDRAWAL_STATUSES, 'review')).toEqual({ label: 'In review', tone: 'warn' });
    expect(lookOf(WITHDRAWAL_STATUSES, 'held')).toEqual({ label: 'held', tone: 'neutral' });
    expect(lookOf(WITHDRAWAL_STATUSES, null).label).toBe('—');
    const values = ['review', 'paid'] as const;
    expect(statusParam(values, 'paid', 'review')).toBe('paid');
    expect(statusParam(values, 'nope', 'review')).toBe('review');
    expect(statusParam(values, null, 'review')).toBe('review');
  });
});

describe('settings amounts', () => {
  it('reads EUR amounts, blank as never or zero, and refuses the rest', () => {
    expect(amountField('', 'never')).toEqual({ ok: true, value: null });
    expect(amountField(' ', 'zero')).toEqual({ ok: true, value: 0 });
    expect(amountField('1000', 'never')).toEqual({ ok: true, value: 1000 });
    expect(amountField('99.5', 'zero')).toEqual({ ok: true, value: 99.5 });
    for (const bad of ['-1', '1.234', 'abc', '1e3', '2000000000']) expect(amountField(bad, 'zero').ok).toBe(false);
    expect(thresholdText(null)).toBe('Never');
    expect(thresholdText(1000)).toBe('1,000.00 EUR');
  });
});

describe('self-exclusion length', () => {
  const now = new Date('2025-08-31T12:00:00Z');
  it('takes whole months from 6, or a day at least 6 months away, and says when it ends', () => {
    expect(exclusionChoice('months', '6', '', now)).toEqual({
      length: { months: 6 },
      error: null,
      endsOn: '2026-02-28',
    });
    expect(exclusionChoice('months', '5', '', now).error?.field).toBe('months');
    expect(exclusionChoice('months', '6.5', '', now).length).toBeNull();
    expect(exclusionChoice('until', '', '2026-02-27', now).error?.message).toMatch(/2026-02-28 or later/);
    expect(exclusionChoice('until', '', '2026-03-01', now).length).toEqual({ until: '2026-03-01' });
    expect(exclusionChoice('until', '', '01/03/2026', now).error?.field).toBe('until');
  });
  it('adds calendar months and reads days as UTC', () => {
    expect(addMonths(new Date('2025-01-31T00:00:00Z'), 1)).toBe('2025-02-28');
    expect(addMonths(new Date('2025-10-15T00:00:00Z'), 6)).toBe('2026-04-15');
    expect(dayToIso('2025-03-01')).toBe('2025-03-01T00:00:00.000Z');
    expect(dayToIso('2025-02-30')).toBeUndefined();
    expect(dayToIso('')).toBeUndefined();
    expect(isDue('2025-01-01T00:00:00Z', now)).toBe(true);
    expect(isDue('2026-01-01T00:00:00Z', now)).toBe(false);
    expect(isDue(null, now)).toBe(false);
  });
});

describe('document viewer', () => {
  it('shows images inline and PDFs in a frame, by type or, without one, by name', () => {
    expect(documentKind('image/png')).toBe('image');
    expect(documentKind('application/pdf')).toBe('pdf');
    expect(documentKind('', 'scan.PDF')).toBe('pdf');
    expect(documentKind(null, 'id.jpeg')).toBe('image');
    expect(documentKind('text/html', 'x.png')).toBe('other');
  });
});

describe('tip placement', () => {
  it('puts the tip under its badge, kept inside the window', () => {
    const rect = (left: number, bottom: number) => ({ left, bottom }) as DOMRect;
    expect(tipPlace(rect(100, 50), 1280)).toEqual({ top: 54, left: 100 });
    expect(tipPlace(rect(1200, 50), 1280)).toEqual({ top: 54, left: 1280 - 288 - 8 });
    expect(tipPlace(rect(-20, 50), 390)).toEqual({ top: 54, left: 8 });
  });
});

describe('nav per role', () => {
  const labels = (role: Parameters<typeof permissionsOf>[0]) => navFor(permissionsOf(role)).map((i) => i.label);
  it('shows each queue to the role that works it', () => {
    expect(labels('payments')).toEqual([
      'Dashboard',
      'Players',
      'Withdrawals',
      'Adjustments',
      'Settings',
      'Site settings',
    ]);
    expect(labels('compliance')).toEqual(['Dashboard', 'Players', 'KYC', 'Flags (RG / AML)', 'Interactions']);
    expect(labels('support')).toEqual(['Dashboard', 'Players']);
    expect(navFor(permissionsOf('payments')).find((i) => i.label === 'Withdrawals')?.count).toBe('withdrawalsWaiting');
  });
});

describe('the shared live socket', () => {
  const fakeClient = () => {
    const invalidate = vi.fn();
    const client = {
      invalidateQueries: invalidate,
      getQueryState: () => undefined,
      setQueryData: vi.fn(),
      getQueryCache: () => ({ subscribe: () => () => {} }),
    } as unknown as QueryClient;
    return { client, invalidate };
  };

  it('opens one socket for every member, closes it with the last, and re-reads once per burst', async () => {
    vi.useFakeTimers();
    const opened: { events: LiveEvents; closed: boolean }[] = [];
    const hub = createLiveHub(
      (_url, events) => {
        const socket = { events, closed: false };
        opened.push(socket);
        return { close: () => (socket.closed = true) };
      },
      () => 'ws://x/api/connection/websocket',
    );
    const { client, invalidate } = fakeClient();
    const states: string[] = [];
    hub.watch(() => states.push(hub.state()));
    const leaveShell = hub.join(client);
    const leaveDashboard = hub.join(client);
    expect(opened).toHaveLength(1);
    opened[0]!.events.onState('live');
    expect(hub.state()).toBe('live');
    for (let i = 0; i < 5; i++) opened[0]!.events.onChanged();
    await vi.advanceTimersByTimeAsync(300);
    expect(invalidate).toHaveBeenCalledTimes(1);
    leaveDashboard();
    leaveDashboard(); // twice is once
    expect(opened[0]!.closed).toBe(false);
    leaveShell();
    expect(opened[0]!.closed).toBe(true);
    expect(hub.members()).toBe(0);
    hub.join(client)();
    expect(opened).toHaveLength(2);
    expect(states).toContain('live');
    vi.useRealTimers();
  });
});
