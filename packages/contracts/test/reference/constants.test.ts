import { describe, expect, it } from 'vitest';
import {
  BonusTriggerType,
  buildConstants,
  defaultConstants,
  InvoiceStatus,
  LimitDefinition,
  PlayerBonusResult,
  PlayerBonusStatus,
  timeZones,
} from '../../src/reference/index.ts';
import { Constants, type Status } from '../../src/settings.ts';

const ids = (list: { id: string | number }[]) => list.map((s) => s.id);

/** Every { id, name } list anywhere in the object. */
function statusLists(value: unknown, path = ''): [string, Status[]][] {
  if (Array.isArray(value)) {
    return value.length > 0 && value.every((v) => v && typeof v === 'object' && 'id' in v && 'name' in v)
      ? [[path, value as Status[]]]
      : [];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => statusLists(v, path ? `${path}.${k}` : k));
  }
  return [];
}

describe('constants', () => {
  it('parse with the Constants schema', () => {
    expect(Constants.parse(defaultConstants)).toEqual(defaultConstants);
  });

  it('default to every operator switch off', () => {
    expect(defaultConstants.player.socialAuth).toEqual([]);
    expect(defaultConstants.player.referral.enabled).toBe(false);
    expect(defaultConstants.game.bonus.depositBonusDeclineDefault).toBe(false);
    expect(defaultConstants.player).not.toHaveProperty('telegram');
    expect(defaultConstants.player.registration).toEqual({ phone: true, email: true });
    expect(defaultConstants.player.otp).toEqual({
      enabled: true,
      reason: ['registration', 'phoneVerification', 'changingPass'],
    });
  });

  it('take the operator switches from buildConstants', () => {
    const socialAuth = ['auth0', 'telegram'];
    const built = buildConstants({
      socialAuth,
      referralEnabled: true,
      depositBonusDeclineDefault: true,
      telegram: { bot: 'croupier_bot', auth_url: 'https://example.test/api/player/auth/telegram' },
    });
    expect(Constants.parse(built)).toEqual(built);
    expect(built.player.socialAuth).toEqual(['auth0', 'telegram']);
    expect(built.player.telegram?.bot).toBe('croupier_bot');
    expect(built.player.referral.enabled).toBe(true);
    expect(built.game.bonus.depositBonusDeclineDefault).toBe(true);
    socialAuth.push('google'); // the caller's array is copied, not kept
    expect(built.player.socialAuth).toEqual(['auth0', 'telegram']);
    expect(defaultConstants.player.socialAuth).toEqual([]);
  });

  it('have unique ids and non-empty names in every list', () => {
    const lists = statusLists(defaultConstants);
    expect(lists.length).toBeGreaterThanOrEqual(28);
    for (const [path, list] of lists) {
      expect(new Set(ids(list)).size, path).toBe(list.length);
      for (const item of list) expect(item.name, path).not.toBe('');
    }
  });

  it('use the ids the contract fixes', () => {
    const { player, payment, game } = defaultConstants;
    expect(game.playerBonus.status).toEqual([
      { id: 1, name: 'Issued' },
      { id: 2, name: 'Active' },
      { id: 3, name: 'Finished' },
    ]);
    expect(ids(game.playerBonus.result)).toEqual([1, 2, 3, 4, 5]);
    expect(game.playerBonus.result[4]).toEqual({ id: 5, name: 'Lost' });
    expect(ids(game.playerFreespin.status)).toEqual([1, 2, 3]);
    expect(ids(game.playerFreespin.result)).toEqual([1, 2, 3, 4]);
    expect(payment.invoiceStatuses).toEqual([
      { id: 1, name: 'Pending' },
      { id: 2, name: 'Success' },
      { id: 3, name: 'Failed' },
    ]);
    expect(payment.invoiceTypes).toEqual([
      { id: 1, name: 'Deposit' },
      { id: 2, name: 'Withdrawal' },
    ]);
    expect(ids(game.bet.status)).toEqual([1, 2, 3, 4]);
    expect(game.bet.status[0]).toEqual({ id: 1, name: 'Open' });
    expect(ids(player.limit.definition)).toEqual([1, 2, 3, 4, 5]);
    expect(ids(player.limit.status)).toEqual([1, 2]);
    expect(ids(player.document.status)).toEqual([1, 2, 3]);
    expect(player.playerStatuses.find((s) => s.id === 2)?.name).toBe('Deposits restricted');
    expect(ids(player.playerStatuses)).toEqual([1, 2, 3, 4, 5]);
    expect(ids(player.scenarios)).toEqual(['registration', 'profile']);
    expect(ids(player.referral.qualificationStatuses)).toEqual([1, 2, 3]);
    expect(ids(game.bonus.type)).toEqual([1, 2, 3]);
    expect(ids(game.bonus.triggerType)).toEqual(expect.arrayContaining([1, 3, 11]));
    expect(game.bonus.triggerType.find((t) => t.id === 11)?.name).toBe('Referral owner');
    // Named ids agree with the lists.
    expect(PlayerBonusStatus.finished).toBe(3);
    expect(PlayerBonusResult.lost).toBe(5);
    expect(InvoiceStatus.pending).toBe(1);
    expect(LimitDefinition.coolingOff).toBe(5);
    expect(BonusTriggerType.referralOwner).toBe(11);
  });

  it('describe documents by type and section', () => {
    const { type } = defaultConstants.player.document;
    expect(ids(type)).toEqual([
      'identity_front',
      'identity_back',
      'identity_selfie_id',
      'address',
      'payment',
      'payment_back',
      'other',
    ]);
    expect([...new Set(type.map((t) => t.section))]).toEqual(['identity', 'address', 'payment', 'other']);
  });

  it('list limit periods, allPeriod being their union', () => {
    const { limit } = defaultConstants.player;
    expect(ids(limit.cashPeriod)).toEqual(['daily', 'weekly', 'monthly']);
    expect(ids(limit.coolingOffPeriod)).toEqual(['24h', '7d', '30d', '42d']);
    expect(ids(limit.selfExclusionPeriod)).toEqual(['6m', '1y', '3y', '5y', 'forever']);
    expect(limit.allPeriod).toEqual([...limit.cashPeriod, ...limit.coolingOffPeriod, ...limit.selfExclusionPeriod]);
  });
});

describe('time zones', () => {
  const offsetAt = (zone: string, iso: string) => {
    const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(iso))
      .find((p) => p.type === 'timeZoneName')!.value;
    const m = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(part)!;
    return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  };
  const minutesOf = (label: string) => {
    const m = /^UTC([+-])(\d{2}):(\d{2}) \S/.exec(label)!;
    return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  };

  it('are about forty valid IANA zones, unique, ordered west to east', () => {
    expect(timeZones.length).toBeGreaterThanOrEqual(35);
    expect(timeZones.length).toBeLessThanOrEqual(60);
    expect(new Set(ids(timeZones)).size).toBe(timeZones.length);
    const minutes = timeZones.map((z) => minutesOf(z.name));
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
  });

  it.each(timeZones.map((z) => [z.id, z.name]))('%s is labelled with its standard offset (%s)', (id, name) => {
    // Standard time is the smaller of the winter and summer offsets in either hemisphere.
    const standard = Math.min(offsetAt(id, '2026-01-15T12:00:00Z'), offsetAt(id, '2026-07-15T12:00:00Z'));
    expect(minutesOf(name)).toBe(standard);
  });
});
