import type { KycVerification } from '@croupier/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { shortId } from '../../lib/format.ts';
import { DecisionDialog } from '../../ui/decision-dialog.tsx';
import { useToast } from '../../ui/toast.tsx';
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
  const v = decision?.verification;
  return (
    <DecisionDialog
      subject={v}
      verb={decision?.verb}
      noun="verification"
      description={v ? `${v.player.email ?? shortId(v.player.id)}. ${decisionText(v, verb)}` : ''}
      decide={(verification, reason) => {
        const params = { playerId: verification.player.id };
        return verb === 'approve'
          ? api.kyc.approveVerification({ params, body: reason ? { reason } : {} })
          : api.kyc.rejectVerification({ params, body: { reason } });
      }}
      onDecided={(data) => {
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
      }}
      onAlreadyDecided={(verification) => {
        void client.invalidateQueries({ queryKey: kycVerificationsKey });
        void client.invalidateQueries({ queryKey: playerKey(verification.player.id) });
      }}
      onClose={onClose}
    />
  );
}
