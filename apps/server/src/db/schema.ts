// Every module's tables, gathered for drizzle-kit's migrations only (drizzle.config.ts): the running server
// never imports this file (decision 0099). A module owns its own schema file and types its queries with it;
// other modules call its functions, never its tables.

export * from '../modules/bonus/schema.ts';
export * from '../modules/compliance/schema.ts';
export * from '../modules/content/schema.ts';
export * from '../modules/game/schema.ts';
export * from '../modules/kyc/schema.ts';
export * from '../modules/notification/integrations/schema.ts';
export * from '../modules/notification/schema.ts';
export * from '../modules/payment/schema.ts';
export * from '../modules/player/schema.ts';
export * from '../modules/player/social/schema.ts';
export * from '../modules/player/social/telegram-schema.ts';
export * from '../modules/referral/schema.ts';
export * from '../modules/reporting/schema.ts';
export * from '../modules/retention/loyalty/schema.ts';
export * from '../modules/retention/quests/schema.ts';
export * from '../modules/retention/schema.ts';
export * from '../modules/retention/tournaments/schema.ts';
export * from '../modules/retention/wheel/schema.ts';
export * from '../modules/risk/reality-schema.ts';
export * from '../modules/risk/schema.ts';
export * from '../modules/settings/schema.ts';
export * from '../modules/staff/schema.ts';
export * from '../modules/studio/schema.ts';
export * from '../modules/wallet/schema.ts';
export * from '../modules/wallet/seamless/schema.ts';
export * from '../outbox/schema.ts';
