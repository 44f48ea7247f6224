import { type Message, MessageState } from '@croupier/contracts';
import { isCurrencyCode, subunitOf, toMajor } from '@croupier/contracts/reference/index';
import type { messages } from '../schema.ts';
import { messageTexts } from './texts.ts';

export type MessageRow = typeof messages.$inferSelect;

/**
 * A template parameter as stored: plain text or a number as it is, or a fact formatted for the reader —
 * money (minor units as a decimal string, exact in JSON) and an instant (ISO string).
 */
export type MessageParam = string | number | { money: string; currency: string } | { date: string };
export type MessageParams = Record<string, MessageParam>;

/** Who reads: the language and time zone the text is rendered in. */
export interface Reader {
  locale: string;
  timeZone: string;
}

function formatMoney(minor: string, code: string, locale: string): string {
  const subunitToUnit = isCurrencyCode(code) ? subunitOf(code) : 100;
  const digits = Math.round(Math.log10(subunitToUnit));
  // The code rather than a symbol: crypto codes (USDT, mBTC) have no Intl currency symbol.
  const amount = new Intl.NumberFormat(locale, {
    minimumFractionDigits: Math.min(2, digits),
    maximumFractionDigits: digits,
  }).format(toMajor(BigInt(minor), subunitToUnit));
  return `${amount} ${code}`;
}

function formatDate(iso: string, { locale, timeZone }: Reader): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(iso));
}

function formatParam(value: MessageParam, reader: Reader): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if ('money' in value) return formatMoney(value.money, value.currency, reader.locale);
  return formatDate(value.date, reader);
}

/** `{name}` placeholders replaced by the formatted params; unknown ones stay visible rather than vanish. */
export function fill(text: string, params: MessageParams, reader: Reader): string {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : formatParam(value, reader);
  });
}

/** The contract's Message from a row, in the reader's language. */
export function toMessage(row: MessageRow, reader: Reader): Message {
  const texts = messageTexts(reader.locale);
  const template = texts.templates[row.template];
  const params = row.params as MessageParams;
  const content: Message['content'] = {
    // A template removed from the content still shows something: its key.
    title: fill(template?.title ?? row.template, params, reader),
    body: fill(template?.body ?? '', params, reader),
  };
  if (row.link) content.link = { url: row.link.url, label: texts.links[row.link.label] ?? row.link.label };
  if (row.image) content.image = row.image;
  return {
    id: row.id,
    playerId: row.playerId,
    state: row.state === MessageState.read ? MessageState.read : MessageState.unread,
    content,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}
