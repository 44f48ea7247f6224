import { ApiError, ErrorCode, issuesToFields, Reason, THUMBNAIL_MAX_BYTES } from '@croupier/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * Reads a thumbnail upload: multipart/form-data with one `file` (cut off at THUMBNAIL_MAX_BYTES, so no more is
 * held in memory) and a `reason`, in either order. Too large → 413; no file, no reason or anything unreadable →
 * 422 naming the field.
 */
export async function readThumbnailUpload(request: FastifyRequest): Promise<{ bytes: Buffer; reason: string }> {
  const invalid = (fields: Record<string, string[]>) =>
    ApiError.of(ErrorCode.validation, 'The given data was invalid.', fields);
  if (!request.isMultipart()) throw invalid({ file: ['Send the image as multipart/form-data with `file`.'] });
  const tooLarge = () =>
    ApiError.of(ErrorCode.payloadTooLarge, 'The file is too large: at most 5 MiB.', {
      file: ['The file is too large.'],
    });
  // A declared length far beyond the limit is refused before a byte is read (the allowance covers the framing).
  if (Number(request.headers['content-length'] ?? 0) > THUMBNAIL_MAX_BYTES + 64 * 1024) throw tooLarge();
  let bytes: Buffer | null = null;
  let reason: unknown;
  try {
    const parts = request.parts({
      limits: { fileSize: THUMBNAIL_MAX_BYTES, files: 1, fields: 4, fieldSize: 2048, parts: 5, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file) {
          size += chunk.length;
          if (part.file.truncated || size > THUMBNAIL_MAX_BYTES) throw tooLarge();
          chunks.push(chunk);
        }
        if (part.file.truncated) throw tooLarge();
        bytes = Buffer.concat(chunks);
      } else if (part.fieldname === 'reason') {
        reason = part.value;
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    const status = (error as { statusCode?: number }).statusCode;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (status === 413) throw ApiError.of(ErrorCode.payloadTooLarge, 'The upload has too many parts or fields.');
    request.log.info({ err: error }, 'unreadable thumbnail upload');
    throw invalid({ file: ['The upload could not be read.'] });
  }
  const fields: Record<string, string[]> = {};
  const parsed = Reason.safeParse(reason);
  if (!parsed.success)
    Object.assign(fields, issuesToFields(parsed.error.issues.map((i) => ({ ...i, path: ['reason'] }))));
  if (!bytes || bytes.length === 0) fields.file = ['Choose an image file.'];
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return { bytes: bytes!, reason: parsed.data! };
}
