import { ApiError, backofficeEndpoints, ErrorCode, pageMeta } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import {
  type DocumentDecision,
  decideDocument,
  decideVerification,
  documentFile,
  documentForReview,
  listDocumentsForReview,
  listVerifications,
} from '../../kyc/index.ts';
import { withTransaction } from '../../wallet/index.ts';
import { writeAudit } from '../audit/write.ts';
import { staffOf } from '../auth/hook.ts';
import type { StaffDeps } from '../deps.ts';
import { requirePlayer } from '../players/viewed.ts';
import { setDocumentFileHeaders } from './file-headers.ts';
import { emailsOf, toKycDocument, toKycVerification } from './present.ts';

const e = backofficeEndpoints.kyc;

const auditAction: Record<DocumentDecision['kind'], string> = {
  approve: 'kyc.document.approve',
  reject: 'kyc.document.reject',
  'request-another': 'kyc.document.request_another',
};

/**
 * The KYC review queue (backoffice-api.md §6, decision 0113). The staff hook has authenticated the caller and
 * checked `kyc:review` before these run. Each decision changes the kyc module's rows through its face in this
 * transaction, with its audit row.
 */
export async function kycReviewRoutes(app: FastifyInstance, deps: StaffDeps): Promise<void> {
  const { db, storage } = deps;

  route(app, e.documents, async ({ query }) => {
    const { rows, total } = await listDocumentsForReview(db, query);
    const emails = await emailsOf(
      db,
      rows.map((r) => r.row.playerId),
    );
    return {
      data: rows.map((r) => toKycDocument(r, emails.get(r.row.playerId) ?? null)),
      meta: pageMeta(query.page, query.perPage, total),
    };
  });

  // Not JSON: the bytes through the storage port. Reading them is a read of personal data (§7): the audit row
  // is written before the answer, so a read that could not be recorded is not answered.
  route(app, e.file, async ({ params, request, reply }) => {
    const staff = staffOf(request);
    const found = await documentFile(db, storage, params.id);
    if (!found) throw ApiError.of(ErrorCode.notFound, 'Document not found.');
    await db.transaction((tx) =>
      writeAudit(tx, {
        staffId: staff.staffId,
        action: 'kyc.document.view',
        targetType: 'kyc_document',
        targetId: found.row.id,
        playerId: found.row.playerId,
        after: { type: found.row.type, contentType: found.row.contentType, sizeBytes: found.row.sizeBytes },
      }),
    );
    setDocumentFileHeaders(reply, found.row.id, found.row.contentType);
    return Buffer.from(found.bytes);
  });

  const decide = async (staffId: string, id: string, decision: DocumentDecision, reason: string | null) => {
    const decided = await withTransaction(db, async (tx) => {
      const d = await decideDocument(tx, id, staffId, decision);
      await writeAudit(tx, {
        staffId,
        action: auditAction[decision.kind],
        targetType: 'kyc_document',
        targetId: id,
        playerId: d.before.playerId,
        reason,
        before: { status: 'pending', verification: d.verification.before },
        after: {
          status: decision.kind === 'approve' ? 'approved' : 'rejected',
          type: d.before.type,
          ...(decision.kind === 'request-another' ? { requestedType: decision.type } : {}),
          verification: d.verification.after,
        },
      });
      return d;
    });
    const queued = await documentForReview(db, decided.after.id);
    const emails = await emailsOf(db, [decided.after.playerId]);
    return toKycDocument(queued!, emails.get(decided.after.playerId) ?? null);
  };

  route(app, e.approve, async ({ request, params, body }) => ({
    data: await decide(staffOf(request).staffId, params.id, { kind: 'approve' }, body.reason ?? null),
  }));

  route(app, e.reject, async ({ request, params, body }) => ({
    data: await decide(staffOf(request).staffId, params.id, { kind: 'reject', reason: body.reason }, body.reason),
  }));

  route(app, e.requestAnother, async ({ request, params, body }) => ({
    data: await decide(
      staffOf(request).staffId,
      params.id,
      { kind: 'request-another', reason: body.reason, type: body.type },
      body.reason,
    ),
  }));

  route(app, e.verifications, async ({ query }) => {
    const { rows, total } = await listVerifications(db, query);
    const emails = await emailsOf(
      db,
      rows.map((r) => r.playerId),
    );
    return {
      data: rows.map((r) => toKycVerification(r, emails.get(r.playerId) ?? null)),
      meta: pageMeta(query.page, query.perPage, total),
    };
  });

  const decideIdentity = async (
    staffId: string,
    playerId: string,
    status: 'approved' | 'rejected',
    reason: string | null,
  ) => {
    await requirePlayer(db, playerId);
    const { after } = await withTransaction(db, async (tx) => {
      const decided = await decideVerification(tx, playerId, staffId, { status, reason });
      const held = decided.before.providerResult;
      await writeAudit(tx, {
        staffId,
        action: status === 'approved' ? 'kyc.verification.approve' : 'kyc.verification.reject',
        targetType: 'kyc_verification',
        targetId: playerId,
        playerId,
        reason,
        before: { status: decided.before.status, providerResult: held },
        // Whether the person confirmed the provider's held result or overruled it.
        after: {
          status,
          ...(decided.before.status === 'pending' && held ? { confirmed: held === status } : {}),
        },
      });
      return decided;
    });
    const emails = await emailsOf(db, [playerId]);
    return toKycVerification(after, emails.get(playerId) ?? null);
  };

  route(app, e.approveVerification, async ({ request, params, body }) => ({
    data: await decideIdentity(staffOf(request).staffId, params.playerId, 'approved', body.reason ?? null),
  }));

  route(app, e.rejectVerification, async ({ request, params, body }) => ({
    data: await decideIdentity(staffOf(request).staffId, params.playerId, 'rejected', body.reason),
  }));
}
