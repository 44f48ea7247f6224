import type { StaffLimitRequest } from '@croupier/contracts';
import { CashPeriod, cashPeriods, LimitDefinition, limitDefinitions } from '@croupier/contracts/reference/statuses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { Field, ReasonField } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useDialogProblem } from '../../ui/use-dialog-problem.ts';
import { playerKey } from './keys.ts';

// Staff set cash limits only (a staff limit carries an amount and a currency); exclusions are the player's.
const CASH = new Set<number>([LimitDefinition.bet, LimitDefinition.loss, LimitDefinition.deposit]);
const DEFINITIONS = limitDefinitions.filter((d) => CASH.has(Number(d.id)));

/** Adds a limit or lowers one at once (POST …/limits); a raise or a removal is refused (20006). */
export function LimitDialog({
  playerId,
  currencies,
  open,
  onOpenChange,
}: {
  playerId: string;
  currencies: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const { problem, onOpenChange: openChange, onError } = useDialogProblem(onOpenChange, 'The limit was not saved');
  const save = useMutation({
    mutationFn: (body: StaffLimitRequest) => api.players.setLimit({ params: { id: playerId }, body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: playerKey(playerId) });
      toast.success('Limit saved.');
      onOpenChange(false);
    },
    onError,
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={openChange}
      title="Add or lower a limit"
      description="A staff member may add a limit or lower one, at once. Raising or removing one is the player's to ask."
      submitLabel="Save limit"
      pending={save.isPending}
      problem={problem}
      onSubmit={(form) =>
        save.mutate({
          definition: Number(form.get('definition')),
          period: String(form.get('period') ?? ''),
          amount: Number(form.get('amount')),
          currency: String(form.get('currency') ?? ''),
          reason: String(form.get('reason') ?? ''),
        })
      }
    >
      <div className="field-row">
        <Field label="Limit" name="definition" error={problem?.fields.definition}>
          {(props) => (
            <select {...props} defaultValue={LimitDefinition.deposit}>
              {DEFINITIONS.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Period" name="period" error={problem?.fields.period}>
          {(props) => (
            <select {...props} defaultValue={CashPeriod.daily}>
              {cashPeriods.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="field-row">
        <Field label="Amount" name="amount" error={problem?.fields.amount}>
          {(props) => <input {...props} type="number" min={0} step="any" inputMode="decimal" required />}
        </Field>
        <Field label="Currency" name="currency" error={problem?.fields.currency}>
          {(props) => (
            <select {...props} required>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <ReasonField error={problem?.fields.reason} />
    </FormDialog>
  );
}
