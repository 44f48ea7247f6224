import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { bonusKeys } from './keys.ts';

/** A change that takes only a reason (pause, resume, archive) of a bonus, code or package. */
export interface StatusChange {
  title: string;
  description: string;
  submitLabel: string;
  danger?: boolean;
  done: string;
  run: (reason: string) => Promise<unknown>;
}

export function StatusDialog({ change, onClose }: { change: StatusChange | null; onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const run = useMutation({
    mutationFn: (reason: string) => change!.run(reason),
    onSuccess: () => {
      toast.success(change!.done);
      void client.invalidateQueries({ queryKey: bonusKeys.all });
      setProblem(null);
      onClose();
    },
    onError: (error) => {
      setProblem(problemOf(error));
      void client.invalidateQueries({ queryKey: bonusKeys.all });
    },
  });
  return (
    <ReasonDialog
      open={change !== null}
      onOpenChange={(open) => {
        if (!open) {
          setProblem(null);
          onClose();
        }
      }}
      title={change?.title ?? ''}
      description={change?.description ?? ''}
      submitLabel={change?.submitLabel ?? 'Confirm'}
      danger={change?.danger ?? false}
      pending={run.isPending}
      problem={problem}
      onSubmit={(reason) => run.mutate(reason)}
    />
  );
}

/** The status as a badge. */
export function StatusBadge({ status }: { status: 'active' | 'paused' | 'archived' }) {
  const tone = status === 'active' ? 'ok' : status === 'paused' ? 'warn' : 'neutral';
  return <span className={`badge badge--${tone}`}>{status}</span>;
}
