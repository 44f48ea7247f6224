import type { BonusDefinition, IssueBonusResult } from '@croupier/contracts';
import { IssueBonusRequest } from '@croupier/contracts/backoffice/bonuses';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { Field, ReasonField } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { fieldErrorsOf, listOf } from './form-values.ts';

/**
 * Issues a cash bonus or free spins to named players (owner and admin: `bonuses:issue`). One issue key per
 * opening: sending again (a timeout, a double click) issues nothing twice to the same player.
 */
export function IssueDialog({ bonus, onClose }: { bonus: BonusDefinition | null; onClose: () => void }) {
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [issueKey, setIssueKey] = useState('');
  const [result, setResult] = useState<IssueBonusResult | null>(null);
  useEffect(() => {
    if (bonus) {
      setIssueKey(crypto.randomUUID());
      setResult(null);
      setProblem(null);
    }
  }, [bonus]);
  const issue = useMutation({
    mutationFn: (body: IssueBonusRequest) => api.bonuses.issue({ params: { id: bonus!.id }, body }),
    onSuccess: ({ data }) => {
      setResult(data);
      setProblem(null);
      toast.success(`Issued ${data.issued}, already issued ${data.already}, refused ${data.refused}.`);
    },
    onError: (error) => setProblem(problemOf(error)),
  });
  const refused = result?.outcomes.filter((o) => o.result === 'refused') ?? [];
  return (
    <FormDialog
      open={bonus !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={bonus ? `Issue ${bonus.name}` : 'Issue'}
      description="To each player in their active currency, with this bonus's terms as they are now. Player money: audited per player."
      submitLabel="Issue"
      pending={issue.isPending}
      problem={problem}
      onSubmit={(form) => {
        const body = { playerIds: listOf(form.get('playerIds')), issueKey, reason: String(form.get('reason') ?? '') };
        const invalid = fieldErrorsOf(IssueBonusRequest, body);
        if (invalid) {
          setProblem({ message: 'Check the fields marked.', fields: invalid, code: null, status: 422 });
          return;
        }
        issue.mutate(body);
      }}
    >
      <Field
        label="Player ids"
        name="playerIds"
        error={problem?.fields.playerIds}
        hint="One per line or comma-separated, at most 1000."
      >
        {(props) => <textarea {...props} rows={4} required />}
      </Field>
      <ReasonField error={problem?.fields.reason} />
      {result && (
        <output className="form-message" aria-live="polite">
          Issued {result.issued}, already issued {result.already}, refused {result.refused}.
          {refused.length > 0 && (
            <ul>
              {refused.slice(0, 20).map((o) => (
                <li key={o.playerId}>
                  {o.playerId}: {o.message}
                </li>
              ))}
            </ul>
          )}
        </output>
      )}
    </FormDialog>
  );
}
