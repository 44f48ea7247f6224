import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { canonicalJson } from './chain.ts';

/**
 * An anchor: a signed checkpoint of the audit chain's head, kept in the file storage where the database cannot
 * rewrite it (decision 0105). The chain proves no row was edited; the anchor proves the newest rows are still
 * there, since a chain cut short still links.
 */
export interface Anchor {
  seq: number;
  hash: string;
  /** When it was written (ISO). */
  at: string;
}

/** The storage folder; `latest.json` is overwritten on every pass, `<seq>.json` kept once per anchored head. */
export const ANCHOR_PREFIX = 'audit-anchors';
export const LATEST_ANCHOR_KEY = `${ANCHOR_PREFIX}/latest.json`;
/** Zero-padded so the files sort by seq. */
export const anchorKeyOf = (seq: number) => `${ANCHOR_PREFIX}/${String(seq).padStart(20, '0')}.json`;

const VERSION = 1;

const signatureOf = (anchor: Anchor, key: string) =>
  createHmac('sha256', key)
    .update(canonicalJson({ v: VERSION, seq: anchor.seq, hash: anchor.hash, at: anchor.at }))
    .digest('hex');

/** The file's bytes: the anchor and its HMAC-SHA-256 over the anchor's canonical JSON. */
export function signAnchor(anchor: Anchor, key: string): Uint8Array {
  const file = { v: VERSION, seq: anchor.seq, hash: anchor.hash, at: anchor.at, sig: signatureOf(anchor, key) };
  return Buffer.from(`${JSON.stringify(file, null, 2)}\n`);
}

const AnchorFile = z.object({
  v: z.literal(VERSION),
  seq: z.number().int().min(1),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  at: z.string().max(40),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
});

/**
 * Reads a stored anchor. `signed` is false for a file whose signature does not check (forged, or signed with
 * another key) or that is not an anchor at all: it is reported, never trusted.
 */
export function openAnchor(bytes: Uint8Array, key: string): { anchor: Anchor; signed: boolean } {
  let parsed: ReturnType<typeof AnchorFile.safeParse>;
  try {
    parsed = AnchorFile.safeParse(JSON.parse(Buffer.from(bytes).toString('utf8')));
  } catch {
    return { anchor: { seq: 0, hash: '', at: '' }, signed: false };
  }
  if (!parsed.success) return { anchor: { seq: 0, hash: '', at: '' }, signed: false };
  const { seq, hash, at, sig } = parsed.data;
  const anchor = { seq, hash, at };
  const expected = Buffer.from(signatureOf(anchor, key), 'hex');
  return { anchor, signed: timingSafeEqual(expected, Buffer.from(sig, 'hex')) };
}
