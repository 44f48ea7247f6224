import type { KycVerification } from '@croupier/contracts';
import { ErrorCode } from '@croupier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { problemOf } from '../../lib/errors.ts';
import { shortId } from '../../lib/format.ts';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useDialogProblem } from '../../ui/use-dialog-problem.ts';
import { playerKey } from '../player/keys.ts';
import { kycDocumentsKey, kycVerificationsKey } from './keys.ts';
import { decisionText, type VerificationVerb } from './verification-words.ts';

export interface VerificationDecision {
  verification: KycVerification;
  verb: VerificationVerb;
}

/**
 * Approve (optional reason) or reject (a message the player reads) a player's identity verification, confirming
 * or overruling a provider's held result (decision 0113). One that someone else decided meanwhile (20005)
 * refreshes the queue; the dialog says why.
 */
export function VerificationDecisionDialog({
  decision,
  onClose,
}: {
  decision: VerificationDecision | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const verb = decision?.verb ?? 'approve';
  const { problem, onOpenChange, onError } = useDialogProblem(
    (open) => !open && onClose(),
    verb === 'approve' ? 'The verification was not approved' : 'The verification was not rejected',
  );
  const decide = useMutation({
    mutationFn: ({ v, reason }: { v: KycVerification; reason: string }) => {
      const params = { playerId: v.player.id };
      return verb === 'approve'
        ? api.kyc.approveVerification({ params, body: reason ? { reason } : {} })
        : api.kyc.rejectVerification({ params, body: { reason } });
    },
    onSuccess: ({ data }) => {
      const who = data.player.email ?? shortId(data.player.id);
      toast.success(
        data.status === 'approved'
          ? `${who}: identity verified.`
          : `${who}: identity not verified; the player reads your message.`,
      );
      void client.invalidateQueries({ queryKey: kycVerificationsKey });
      // The documents queue shows each player's verification beside their documents.
      void client.invalidateQueries({ queryKey: kycDocumentsKey });
      void client.invalidateQueries({ queryKey: playerKey(data.player.id) });
      onOpenChange(false);
    },
    onError: (error, { v }) => {
      onError(error);
      if (problemOf(error).code === ErrorCode.alreadyDecided) {
        void client.invalidateQueries({ queryKey: kycVerificationsKey });
        void client.invalidateQueries({ queryKey: playerKey(v.player.id) });
      }
    },
  });
  const v = decision?.verification;
  const approve = verb === 'approve';
  const who = v ? (v.player.email ?? shortId(v.player.id)) : '';
  return (
    <ReasonDialog
      open={decision !== null}
      onOpenChange={onOpenChange}
      title={approve ? 'Approve the verification' : 'Reject the verification'}
      description={v ? `${who}. ${decisionText(v, verb)}` : ''}
      submitLabel={approve ? 'Approve' : 'Reject'}
      danger={!approve}
      optional={approve}
      audience={approve ? 'audit' : 'player'}
      pending={decide.isPending}
      problem={problem}
      onSubmit={(reason) => v && decide.mutate({ v, reason })}
    />
  );
}
