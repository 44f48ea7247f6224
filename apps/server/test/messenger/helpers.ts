import { sql } from 'drizzle-orm';
import { type Notification, notify } from '../../src/modules/notification/index.ts';
import { withTransaction } from '../../src/modules/wallet/index.ts';
import type { PlayerTestApp } from '../player/helpers.ts';
import { rows } from '../wallet/db.ts';

let counter = 0;

/** Writes one message through the module's own entry point, as another module would. */
export const send = (t: PlayerTestApp, input: Partial<Notification> & { playerId: string }) =>
  withTransaction(t.database.db, (tx) =>
    notify(tx, {
      template: 'depositSucceeded',
      params: { sum: { money: '5025', currency: 'EUR' }, date: { date: '2026-03-04T10:00:00.000Z' } },
      sourceKey: `test:${++counter}`,
      ...input,
    }),
  );

export const messagesPage = (t: PlayerTestApp, token: string, query = '') =>
  t.call('GET', `/api/notification/messenger/messages${query}`, { token });

export const read = (t: PlayerTestApp, token: string, body: unknown) =>
  t.call('POST', '/api/notification/messenger/messages/read', { token, body });

export const readAll = (t: PlayerTestApp, token: string) =>
  t.call('POST', '/api/notification/messenger/messages/read/all', { token });

export const remove = (t: PlayerTestApp, token: string, body: unknown) =>
  t.call('DELETE', '/api/notification/messenger/messages', { token, body });

/** The `message.received` events published to a player, oldest first. */
export const messageEventsOf = async (t: PlayerTestApp, playerId: string) =>
  (await t.published(`messenger:notifications#${playerId}`)).map(({ event, data }) => ({
    event,
    data: data as {
      event: string;
      message: Record<string, unknown> & { content: { title: string } };
      invoiceId?: string;
    },
  }));

/** Every stored row of a player, deleted ones too. */
export const storedOf = (t: PlayerTestApp, playerId: string) =>
  rows<{ id: string; state: number; read_at: Date | null; deleted_at: Date | null; template: string }>(
    t.database.db,
    sql`select id, state, read_at, deleted_at, template from notification.messages where player_id = ${playerId} order by seq`,
  );
