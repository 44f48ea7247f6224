import type { FastifyReply } from 'fastify';

/**
 * How a document's bytes are answered (decision 0113): shown in the page, never stored by a cache, the content
 * type the upload's magic bytes gave and no other (nosniff), and a CSP that sandboxes the document so an
 * uploaded PDF or image cannot run a script, submit a form or load anything.
 */
export const DOCUMENT_FILE_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

const extensionOf: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

export function setDocumentFileHeaders(reply: FastifyReply, id: string, contentType: string): void {
  reply
    .type(contentType)
    // The player's file name is theirs; the id names the download.
    .header('content-disposition', `inline; filename="document-${id}.${extensionOf[contentType] ?? 'bin'}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', DOCUMENT_FILE_CSP)
    .header('cross-origin-resource-policy', 'same-origin')
    .header('referrer-policy', 'no-referrer');
}
