import { describe, expect, it } from 'vitest';
import {
  can,
  DEFAULT_ADJUSTMENT_CAP,
  mayManageRole,
  PERMISSIONS,
  type Permission,
  permissionsOf,
  ROLES,
} from '../../src/modules/staff/roles.ts';

// backoffice-api.md §3, row by row: what each role may and may not do.
const MATRIX: Record<(typeof ROLES)[number], { may: Permission[]; mayNot: Permission[] }> = {
  owner: { may: [...PERMISSIONS], mayNot: [] },
  admin: {
    may: PERMISSIONS.filter((p) => p !== 'staff:owners'),
    mayNot: ['staff:owners'],
  },
  support: {
    may: ['players:read', 'players:notes', 'players:sessions', 'players:block', 'players:limits'],
    mayNot: ['adjustments:create', 'adjustments:approve', 'withdrawals:review', 'kyc:review', 'staff:manage'],
  },
  payments: {
    may: ['players:read', 'withdrawals:review', 'adjustments:create'],
    mayNot: ['players:notes', 'players:block', 'adjustments:approve', 'kyc:review', 'settings:write'],
  },
  compliance: {
    may: ['players:read', 'players:notes', 'players:block', 'players:limits', 'kyc:review', 'flags:review'],
    mayNot: ['adjustments:create', 'withdrawals:review', 'bonuses:write', 'staff:manage'],
  },
  marketing: {
    may: ['catalogue:write', 'bonuses:write', 'retention:write', 'content:write'],
    mayNot: [
      'players:read',
      'adjustments:create',
      'withdrawals:review',
      'reports:read',
      'settings:write',
      'bonuses:issue',
    ],
  },
  finance: {
    may: ['reports:read'],
    mayNot: ['players:read', 'adjustments:create', 'settings:write', 'catalogue:write'],
  },
};

describe('staff roles (§3)', () => {
  for (const role of ROLES) {
    it(`${role}: may and may not as the spec's table says`, () => {
      for (const p of MATRIX[role].may) expect(can(role, p), `${role} ${p}`).toBe(true);
      for (const p of MATRIX[role].mayNot) expect(can(role, p), `${role} ${p}`).toBe(false);
    });
  }

  it('finance is read only', () => {
    expect(permissionsOf('finance').length).toBeGreaterThan(0);
    for (const p of permissionsOf('finance')) expect(p).toMatch(/:read$/);
  });

  it('marketing touches no player money and no player', () => {
    for (const p of permissionsOf('marketing')) expect(p).not.toMatch(/^(players|adjustments|withdrawals):/);
  });

  it('every role names only known permissions, each once', () => {
    for (const role of ROLES) {
      const own = permissionsOf(role);
      expect(new Set(own).size).toBe(own.length);
      for (const p of own) expect(PERMISSIONS).toContain(p);
    }
  });

  it('only an owner creates or changes owners; admin manages every other role', () => {
    expect(mayManageRole('owner', 'owner')).toBe(true);
    expect(mayManageRole('admin', 'owner')).toBe(false);
    for (const role of ROLES.filter((r) => r !== 'owner')) expect(mayManageRole('admin', role)).toBe(true);
    for (const actor of ['support', 'payments', 'compliance', 'marketing', 'finance'] as const) {
      expect(mayManageRole(actor, 'support')).toBe(false);
    }
  });

  it('default adjustment caps (§5): payments 100 EUR, owner and admin 1,000 EUR, others none', () => {
    expect(DEFAULT_ADJUSTMENT_CAP).toEqual({
      owner: 100_000n,
      admin: 100_000n,
      support: 0n,
      payments: 10_000n,
      compliance: 0n,
      marketing: 0n,
      finance: 0n,
    });
    // A cap without the right to make adjustments would be dead data.
    for (const role of ROLES) {
      if (DEFAULT_ADJUSTMENT_CAP[role] > 0n) expect(can(role, 'adjustments:create')).toBe(true);
    }
  });
});
