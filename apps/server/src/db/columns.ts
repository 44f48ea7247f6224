import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Column types every module's schema shares. */

/** A moment in time, stored with its time zone (timestamptz). */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/** Money in integer minor units (bigint, read as a JS bigint: never a float). */
export const minor = (name: string) => bigint(name, { mode: 'bigint' });
