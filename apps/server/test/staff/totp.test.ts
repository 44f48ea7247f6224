import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { codeAt, newTotpSecret, otpauthUrl, timeStepAt, verifyCode } from '../../src/modules/staff/totp.ts';

// RFC 6238, appendix B (SHA-1): the secret is the ASCII "12345678901234567890", here in base32.
const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');
const RFC_SECRET_BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
const at = (seconds: number) => new Date(seconds * 1000);

describe('staff TOTP (RFC 6238, §2)', () => {
  it('the base32 form of the RFC secret is the RFC secret', () => {
    expect(Buffer.from(RFC_SECRET).toString('ascii')).toBe('12345678901234567890');
    expect(generateSync({ secret: RFC_SECRET, epoch: 59, digits: 8 })).toBe('94287082');
  });

  for (const [seconds, eight] of RFC_VECTORS) {
    it(`matches the RFC vector at T=${seconds}`, () => {
      // 8 digits straight from the library; our 6-digit code is the same HOTP value mod 10^6.
      expect(generateSync({ secret: RFC_SECRET_BASE32, epoch: seconds, digits: 8 })).toBe(eight);
      expect(codeAt(RFC_SECRET_BASE32, at(seconds))).toBe(eight.slice(2));
      expect(verifyCode(RFC_SECRET_BASE32, eight.slice(2), at(seconds))).toEqual({
        step: Math.floor(seconds / 30),
      });
    });
  }

  it('accepts the step before and after, answers which one, and nothing further', () => {
    const secret = newTotpSecret();
    const now = at(1_700_000_015); // mid-step
    const step = timeStepAt(now);
    for (const offset of [-1, 0, 1]) {
      const code = codeAt(secret, at((step + offset) * 30));
      expect(verifyCode(secret, code, now), `offset ${offset}`).toEqual({ step: step + offset });
    }
    for (const offset of [-2, 2]) {
      expect(verifyCode(secret, codeAt(secret, at((step + offset) * 30)), now), `offset ${offset}`).toBeNull();
    }
  });

  it('holds the window at a step boundary', () => {
    const secret = newTotpSecret();
    const start = at(1_700_000_010); // the first second of a step
    const last = at(1_700_000_039); // its last second
    const step = timeStepAt(start);
    expect(timeStepAt(last)).toBe(step);
    for (const now of [start, last]) {
      expect(verifyCode(secret, codeAt(secret, at((step - 1) * 30)), now)).toEqual({ step: step - 1 });
      expect(verifyCode(secret, codeAt(secret, at((step + 1) * 30)), now)).toEqual({ step: step + 1 });
      expect(verifyCode(secret, codeAt(secret, at((step + 2) * 30)), now)).toBeNull();
    }
  });

  it('refuses bad input without throwing', () => {
    const secret = newTotpSecret();
    const now = at(1_700_000_000);
    for (const code of ['', '12345', 'abcdef', '1234567', ' 123456', '12345\n', null, undefined, 123456]) {
      expect(verifyCode(secret, code, now), JSON.stringify(code)).toBeNull();
    }
    expect(verifyCode('not base32!', '123456', now)).toBeNull();
    expect(verifyCode('', '123456', now)).toBeNull();
  });

  it('makes a new 160-bit base32 secret each time', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
  });

  it('builds the enrolment URL', () => {
    expect(otpauthUrl('owner@staff.croupier.test', RFC_SECRET_BASE32)).toBe(
      `otpauth://totp/Croupier:owner%40staff.croupier.test?secret=${RFC_SECRET_BASE32}&issuer=Croupier`,
    );
  });
});
