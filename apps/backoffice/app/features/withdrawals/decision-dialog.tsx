import type { WithdrawalReview } from '@croupier/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { approvalsNeeded } from '../../lib/approvals.ts';
import { formatAmount, shortId } from '../../lib/format.ts';
import { DecisionDialog } from '../../ui/decision-dialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { dashboardKey } from '../dashboard/use-dashboard-tiles.ts';
import { playerKey } from '../player/keys.ts';
import { putWithdrawal, withdrawalsKey } from './keys.ts';

export interface WithdrawalDecision {
  withdrawal: WithdrawalReview;
  verb: 'approve' | 'reject';
}

const amountOf = (w: WithdrawalReview) => formatAmount(w.amount, w.currency);

/**
 * Approve (optional reason) or reject (a reason the player reads) one withdrawal in review. A first approval
 * of a four-eyes withdrawal answers it still in review with one approval: the row says "1 of 2 approvals".
 * The same person's second try is refused (20004) and said in the dialog; a withdrawal someone else decided
 * meanwhile (20005) refreshes the queue.
 */
export function WithdrawalDecisionDialog({
  decision,
  onClose,
}: {
  decision: WithdrawalDecision | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const w = decision?.withdrawal;
  const approve = (decision?.verb ?? 'approve') === 'approve';
  const who = w ? (w.email ?? shortId(w.playerId)) : '';
  return (
    <DecisionDialog
      subject={w}
      verb={decision?.verb}
      noun="withdrawal"
      description={
        w
          ? approve
            ? `${amountOf(w)} for ${who}. ${w.fourEyes ? `Above the four-eyes threshold: two different people approve (${w.approvals.length} so far).` : 'It goes on to the payment provider at once.'}`
            : `${amountOf(w)} for ${who}. The money goes back to the player's withdrawable balance, and the player reads your message.`
          : ''
      }
      decide={(withdrawal, reason) =>
        approve
          ? api.withdrawals.approve({ params: { invoiceId: withdrawal.invoiceId }, body: reason ? { reason } : {} })
          : api.withdrawals.reject({ params: { invoiceId: withdrawal.invoiceId }, body: { reason } })
      }
      onDecided={(data) => {
        putWithdrawal(client, data);
        if (data.status === 'review') {
          toast.success(
            `Approval ${data.approvals.length} of ${approvalsNeeded(data)} recorded for ${amountOf(data)}: another person must approve it too.`,
          );
        } else if (data.status === 'rejected') {
          toast.success(`Withdrawal of ${amountOf(data)} rejected: the money is back on the player's balance.`);
        } else {
          toast.success(`Withdrawal of ${amountOf(data)} approved: it goes on to the payment provider.`);
        }
        void client.invalidateQueries({ queryKey: withdrawalsKey });
        void client.invalidateQueries({ queryKey: dashboardKey });
        void client.invalidateQueries({ queryKey: playerKey(data.playerId) });
      }}
      onAlreadyDecided={(withdrawal) => {
        void client.invalidateQueries({ queryKey: withdrawalsKey });
        void client.invalidateQueries({ queryKey: playerKey(withdrawal.playerId) });
      }}
      onClose={onClose}
    />
  );
}
