import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { players } from './schema.ts';

/**
 * The players' key, for the foreign keys of the tables that left this module (decision 0098: referral.referrals,
 * player.livechat_tokens). Their migrations made those keys, so the schema keeps them; other modules' tables
 * have none (decision 0002). Only for `.references()`, never for queries.
 */
export const playersKey = (): AnyPgColumn => players.id;
