import { createHash } from 'node:crypto';

/** Someone the local provider can sign in as. */
export interface DevIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

/** The buttons of the login form: each one exercises one answer of POST /api/player/sessions/social. */
export const demoIdentities: Array<DevIdentity & { key: string; label: string }> = [
  {
    key: 'verified',
    label: 'Verified e-mail: signs up, then signs in',
    ...identityOf('player@croupier.local', true, 'Demo Player'),
  },
  {
    key: 'unverified',
    label: 'E-mail not verified: refused with 11001',
    ...identityOf('unverified@croupier.local', false, 'Unverified Player'),
  },
  {
    key: 'no-email',
    label: 'No e-mail: refused with 11001',
    sub: 'no-email-demo',
    email: null,
    emailVerified: false,
    name: 'Player Without E-mail',
  },
  {
    key: 'blocked',
    label: "A blocked player's e-mail: refused with 11002 once a player with it is blocked",
    ...identityOf('blocked@croupier.local', true, 'Blocked Player'),
  },
];

/** A typed e-mail: the subject follows the address, so the same address is the same provider account. */
export function identityOf(rawEmail: string, emailVerified: boolean, name?: string): DevIdentity {
  const email = rawEmail.trim().toLowerCase();
  return {
    sub: `email-${createHash('sha256').update(email).digest('hex').slice(0, 24)}`,
    email,
    emailVerified,
    name: name ?? email.split('@')[0] ?? email,
  };
}
