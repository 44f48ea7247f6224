import { describe, expect, it } from 'vitest';
import { qrPath } from '../app/ui/qr-code.tsx';

describe('enrolment QR code', () => {
  it('draws an otpauth URL as modules in the page', () => {
    const path = qrPath('otpauth://totp/Croupier:owner%40staff.croupier.test?secret=JBSWY3DPEHPK3PXP&issuer=Croupier');
    expect(path).not.toBeNull();
    expect(path!.size).toBeGreaterThanOrEqual(21);
    expect(path!.d).toMatch(/^M\d+ \d+h1v1h-1z/);
  });
});
