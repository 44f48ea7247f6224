import { ErrorCode } from '@croupier/contracts';
import { useMutation } from '@tanstack/react-query';
import { problemOf } from '../lib/errors.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { useDialogProblem } from './use-dialog-problem.ts';

export type DecisionVerb = 'approve' | 'reject';

/**
 * Approve (an optional reason for the audit log) or reject (a message the player reads) one item of a review
 * queue: a withdrawal, a verification. The dialog says the refusal and toasts what did not happen; one that
 * someone else decided meanwhile (20005) calls `onAlreadyDecided`, so the queue shows what happened.
 */
export function DecisionDialog<S, R>({
  subject,
  verb = 'approve',
  noun,
  description,
  decide,
  onDecided,
  onAlreadyDecided,
  onClose,
}: {
  subject: S | undefined;
  verb: DecisionVerb | undefined;
  /** What is decided, as the title and the failure name it: "withdrawal", "verification". */
  noun: string;
  description: string;
  decide: (subject: S, reason: string) => Promise<{ data: R }>;
  onDecided: (decided: R) => void;
  onAlreadyDecided: (subject: S) => void;
  onClose: () => void;
}) {
  const approve = verb === 'approve';
  const { problem, onOpenChange, onError } = useDialogProblem(
    (open) => !open && onClose(),
    `The ${noun} was not ${approve ? 'approved' : 'rejected'}`,
  );
  const mutation = useMutation({
    mutationFn: ({ s, reason }: { s: S; reason: string }) => decide(s, reason),
    onSuccess: ({ data }) => {
      onDecided(data);
      onOpenChange(false);
    },
    onError: (error, { s }) => {
      onError(error);
      if (problemOf(error).code === ErrorCode.alreadyDecided) onAlreadyDecided(s);
    },
  });
  return (
    <ReasonDialog
      open={subject !== undefined}
      onOpenChange={onOpenChange}
      title={`${approve ? 'Approve' : 'Reject'} the ${noun}`}
      description={description}
      submitLabel={approve ? 'Approve' : 'Reject'}
      danger={!approve}
      optional={approve}
      audience={approve ? 'audit' : 'player'}
      pending={mutation.isPending}
      problem={problem}
      onSubmit={(reason) => subject !== undefined && mutation.mutate({ s: subject, reason })}
    />
  );
}
