import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveBoxKey, openSecret, SecretBoxError, sealSecret } from '../../src/modules/staff/secret-box.ts';

const key = randomBytes(32);
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

/** The box with one byte of one part flipped (decoded, so base64 padding bits cannot hide the change). */
function flip(box: string, part: number): string {
  const parts = box.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[0]! ^= 0x01;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof SecretBoxError ? error.reason : error;
  }
  return 'opened';
};

describe('staff secret box (AES-256-GCM)', () => {
  it('opens what it sealed, and seals the same secret differently each time', () => {
    const box = sealSecret(key, SECRET, 'staff-1');
    expect(box).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box).not.toContain(SECRET);
    expect(openSecret(key, box, 'staff-1')).toBe(SECRET);
    expect(sealSecret(key, SECRET, 'staff-1')).not.toBe(box);
  });

  it('refuses a tampered box, whichever part changed', () => {
    const box = sealSecret(key, SECRET, 'staff-1');
    for (const part of [1, 2, 3]) expect(refusal(() => openSecret(key, flip(box, part), 'staff-1'))).toBe('refused');
  });

  it('refuses the wrong key, and a box moved to another account', () => {
    const box = sealSecret(key, SECRET, 'staff-1');
    expect(refusal(() => openSecret(randomBytes(32), box, 'staff-1'))).toBe('refused');
    expect(refusal(() => openSecret(key, box, 'staff-2'))).toBe('refused');
  });

  it('refuses what is not a box, or a version it does not know', () => {
    const box = sealSecret(key, SECRET, 'staff-1');
    expect(refusal(() => openSecret(key, '', 'staff-1'))).toBe('malformed');
    expect(refusal(() => openSecret(key, box.split('.').slice(0, 3).join('.'), 'staff-1'))).toBe('malformed');
    expect(refusal(() => openSecret(key, box.replace(/^v1/, 'v9'), 'staff-1'))).toBe('version');
  });

  it('wants a 32-byte key, and derives one from a configured secret', () => {
    expect(() => sealSecret(randomBytes(16), SECRET, 'staff-1')).toThrow(RangeError);
    const derived = deriveBoxKey('a configured secret of any length');
    expect(derived).toHaveLength(32);
    expect(deriveBoxKey('a configured secret of any length').equals(derived)).toBe(true);
    expect(deriveBoxKey('another').equals(derived)).toBe(false);
    expect(openSecret(derived, sealSecret(derived, SECRET, 'staff-1'), 'staff-1')).toBe(SECRET);
  });
});
