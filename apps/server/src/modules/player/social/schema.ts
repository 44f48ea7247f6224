import { sql } from 'drizzle-orm';
import { index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { player, players } from '../schema.ts';

/** A player's account at an OpenID provider: (issuer, subject) names it for good, whatever its e-mail. */
export const socialIdentities = player.table(
  'social_identities',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The connection it was first used through (informational: the issuer decides). */
    connection: text('connection').notNull(),
    /** The verified e-mail the provider reported at the last sign-in. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('social_identities_player_idx').on(t.playerId),
  ],
);

/**
 * A sign-in started by GET …/social/:connection/redirect and not yet completed: the PKCE verifier and nonce
 * never leave the server; the row is claimed once by POST /sessions/social, so a callback cannot be replayed.
 */
export const socialLogins = player.table(
  'social_logins',
  {
    /** The `loginId` inside the OIDC state value (256 random bits, base64url). */
    id: text('id').primaryKey(),
    /** The configured connection whose provider is asked. */
    connection: text('connection').notNull(),
    /** The connection in the callback route (differs for /auth0/redirect?connection=…). */
    routeConnection: text('route_connection').notNull(),
    /** The exact OIDC state value sent to the provider; the callback must bring it back unchanged. */
    state: text('state').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('social_logins_expires_idx').on(t.expiresAt)],
);
