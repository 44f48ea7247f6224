import { type SeamlessCode, seamlessHeaders, seamlessHttpStatus } from '@croupier/contracts';
import { isSeamlessSignature } from '@croupier/contracts/seamless-signature';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { nulAt } from '../../../http/nul.ts';
import type { createProviderDirectory } from './provider-directory.ts';

/** Sends the protocol's refusal: `{status: 'ERROR', code, message, …}` with the code's HTTP status. */
export const fail = (reply: FastifyReply, code: SeamlessCode, message: string, extra: Record<string, unknown> = {}) =>
  reply.status(seamlessHttpStatus[code] ?? 200).send({ status: 'ERROR', code, message, ...extra });

type Providers = ReturnType<typeof createProviderDirectory>;

/**
 * A provider request, checked in the order that gives nothing away: the signature over the raw bytes first
 * (401, nothing parsed), then JSON, NUL characters and the schema (422). Answers null once it has replied.
 */
export async function readRequest<S extends z.ZodType>(
  providers: Providers,
  request: FastifyRequest,
  reply: FastifyReply,
  schema: S,
): Promise<{ providerId: string; body: z.output<S> } | null> {
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const providerId = request.headers[seamlessHeaders.providerId];
  const provider = typeof providerId === 'string' ? await providers.get(providerId) : undefined;
  // The HMAC is computed for unknown providers too, so timing tells nothing about which ids exist.
  const secret = provider?.enabled ? provider.secret : '-';
  const valid = isSeamlessSignature(secret, raw, request.headers[seamlessHeaders.signature]);
  if (!provider?.enabled || !valid) {
    fail(reply, 'INVALID_SIGNATURE', 'Unknown provider or bad X-Signature');
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    fail(reply, 'INVALID_REQUEST', 'The body is not JSON');
    return null;
  }
  const nul = nulAt(json);
  if (nul) {
    fail(reply, 'INVALID_REQUEST', `${nul}: must not contain a NUL character`);
    return null;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    fail(reply, 'INVALID_REQUEST', `${issue.path.join('.') || 'body'}: ${issue.message}`);
    return null;
  }
  return { providerId: provider.id, body: parsed.data as z.output<S> };
}
