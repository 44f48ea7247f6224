import { useState } from 'react';
import { type Problem, problemOf } from '../lib/errors.ts';
import { useToast } from './toast.tsx';

/**
 * The refusal a dialog's form shows: set from the envelope when its call fails (with a toast saying what did
 * not happen), cleared when the dialog opens or closes. `failure` names what did not happen ("The limit was
 * not saved").
 */
export function useDialogProblem(onOpenChange: (open: boolean) => void, failure: string) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const toast = useToast();
  return {
    problem,
    setProblem,
    onOpenChange: (next: boolean) => {
      setProblem(null);
      onOpenChange(next);
    },
    onError: (error: unknown) => {
      const found = problemOf(error);
      setProblem(found);
      toast.error(`${failure}: ${found.message}`);
    },
  };
}
