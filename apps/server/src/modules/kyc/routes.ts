import { ApiError, ErrorCode, endpoints } from '@croupier/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/endpoint.ts';
import { createStorage } from '../../storage/index.ts';
import { type PlayerModule, playerOf } from '../player/index.ts';
import { createDocuments, type UploadInput } from './documents.ts';
import { SANDBOX_PAGE_PATH, sandboxNotFoundPage, sandboxPage, sandboxPageCsp } from './sandbox-page.ts';
import { createVerification } from './verification.ts';

const e = endpoints.player;

export interface KycRoutesOptions {
  config: Config;
  db: Db;
  player: Pick<PlayerModule, 'getProfile'>;
}

const sizeLabel = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${Math.floor(bytes / 1024)} KiB`;

/**
 * Reads the multipart upload: one `file` (cut off at DOCUMENT_MAX_BYTES, so at most that much is held in
 * memory) and a `type` field, in either order. Too large → 413; anything unreadable → 422 on `file`.
 */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<UploadInput> {
  const upload: UploadInput = { type: undefined, file: null };
  if (!request.isMultipart()) return upload;
  const tooLarge = () =>
    ApiError.of(ErrorCode.payloadTooLarge, `The file is too large: at most ${sizeLabel(maxBytes)}.`, {
      file: ['The file is too large.'],
    });
  // A declared length far beyond the limit is refused before a byte is read (the allowance covers the
  // multipart framing and the small `type` field).
  if (Number(request.headers['content-length'] ?? 0) > maxBytes + 64 * 1024) throw tooLarge();
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        // Read by hand rather than toBuffer(), which would read on to the end of an oversized part.
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file) {
          size += chunk.length;
          if (part.file.truncated || size > maxBytes) throw tooLarge();
          chunks.push(chunk);
        }
        if (part.file.truncated) throw tooLarge();
        upload.file = { bytes: Buffer.concat(chunks), fileName: part.filename };
      } else if (part.fieldname === 'type' && typeof part.value === 'string') {
        upload.type = part.value;
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    const status = (error as { statusCode?: number }).statusCode;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (status === 413) throw ApiError.of(ErrorCode.payloadTooLarge, 'The upload has too many parts or fields.');
    request.log.info({ err: error }, 'unreadable multipart upload');
    throw ApiError.of(ErrorCode.validation, 'The upload could not be read.', {
      file: ['The upload could not be read.'],
    });
  }
  return upload;
}

/** Documents and identity verification (api-contract §4.1, §5). */
export async function kycRoutes(app: FastifyInstance, options: KycRoutesOptions) {
  const { config, db } = options;
  const storage = createStorage(config);
  const documents = createDocuments({ db, storage, log: app.log });
  const verification = createVerification({ db, config, player: options.player, log: app.log });

  await app.register(multipart, { limits: { fileSize: config.DOCUMENT_MAX_BYTES, files: 1, parts: 5 } });

  route(app, e.documents, async ({ request }) => {
    const { playerId } = playerOf(request);
    await verification.settle(playerId);
    return { data: await documents.list(playerId) };
  });

  route(
    app,
    e.uploadDocument,
    async ({ request }) => {
      const { playerId } = playerOf(request);
      const upload = await readUpload(request, config.DOCUMENT_MAX_BYTES);
      return { data: await documents.upload(playerId, upload) };
    },
    { config: { rateLimit: { max: 30, timeWindow: '10 minutes' } } },
  );

  route(app, e.deleteDocument, async ({ params, request }) => ({
    data: await documents.remove(playerOf(request).playerId, params.id),
  }));

  route(
    app,
    e.sumsubAuth,
    async ({ request }) => ({ token: await verification.accessToken(playerOf(request).playerId) }),
    { config: { rateLimit: { max: 30, timeWindow: '10 minutes' } } },
  );

  route(app, e.verificationStatus, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    return { data: await verification.status(playerOf(request).playerId) };
  });

  // The sandbox provider's page, framed by the web app: a page, so outside /api, where everything refuses with
  // the error envelope (decision 0097). The token in the query identifies the verification, since a frame cannot
  // send the Authorization header. Refused, it is still a page: 404 with the page's own headers.
  app.get<{ Querystring: { token?: string } }>(
    SANDBOX_PAGE_PATH,
    async (request: FastifyRequest<{ Querystring: { token?: string } }>, reply: FastifyReply) => {
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      const applicant =
        (await verification.provider()) === 'sandbox' ? await verification.sandboxApplicant(token) : null;
      reply
        .header('content-security-policy', sandboxPageCsp)
        .header('x-frame-options', 'SAMEORIGIN')
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8');
      if (!applicant) return reply.status(404).send(sandboxNotFoundPage());
      return reply.send(sandboxPage(config.KYC_SANDBOX_DECISION_SECONDS));
    },
  );
}
