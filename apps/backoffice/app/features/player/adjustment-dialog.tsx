import type { CreateAdjustmentRequest } from '@croupier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { formatAmount } from '../../lib/format.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { Field, ReasonField } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { playerKey } from './keys.ts';

/**
 * Requests an adjustment of the player's real balance (POST /adjustments). `idempotencyKey` is made by the
 * opener when the dialog opens and kept until it closes: a double click, or a retry after a lost answer, is
 * one adjustment. Within the staff member's cap it applies at once; above it, it waits for a second person.
 */
export function AdjustmentDialog({
  playerId,
  currencies,
  defaultCurrency,
  idempotencyKey,
  onClose,
}: {
  playerId: string;
  currencies: string[];
  defaultCurrency: string | undefined;
  /** Null: closed. */
  idempotencyKey: string | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const create = useMutation({
    mutationFn: (body: CreateAdjustmentRequest) => api.adjustments.create({ body }),
    onSuccess: ({ data }) => {
      void client.invalidateQueries({ queryKey: playerKey(playerId) });
      void client.invalidateQueries({ queryKey: ['adjustments'] });
      void client.invalidateQueries({ queryKey: ['dashboard'] });
      const amount = formatAmount(data.amount, data.currency, true);
      if (data.status === 'applied') toast.success(`Adjustment of ${amount} applied.`);
      else toast.success(`Adjustment of ${amount} is above your cap: it waits for another person's approval.`);
      setProblem(null);
      onClose();
    },
    onError: (error) => {
      setProblem(problemOf(error));
      toast.error(`The adjustment was not made: ${problemOf(error).message}`);
    },
  });
  return (
    <FormDialog
      open={idempotencyKey !== null}
      onOpenChange={(next) => {
        if (!next) {
          setProblem(null);
          onClose();
        }
      }}
      title="Adjust the balance"
      description="A positive amount credits the player's real balance, a negative one debits it. Above your cap, another person must approve."
      submitLabel="Request adjustment"
      pending={create.isPending}
      problem={problem}
      onSubmit={(form) => {
        const raw = String(form.get('amount') ?? '').trim();
        const amount = Number(raw);
        if (raw === '' || !Number.isFinite(amount) || amount === 0) {
          setProblem({
            message: 'Enter an amount.',
            fields: { amount: 'Enter an amount other than 0: negative to debit.' },
            code: null,
            status: 0,
          });
          return;
        }
        if (!idempotencyKey) return;
        create.mutate({
          playerId,
          currency: String(form.get('currency') ?? ''),
          amount,
          reason: String(form.get('reason') ?? ''),
          idempotencyKey,
        });
      }}
    >
      <div className="field-row">
        <Field label="Amount" name="amount" error={problem?.fields.amount} hint="Negative to debit, e.g. -25.50">
          {(props) => <input {...props} type="number" step="any" inputMode="decimal" required />}
        </Field>
        <Field label="Currency" name="currency" error={problem?.fields.currency}>
          {(props) => (
            <select {...props} defaultValue={defaultCurrency} required>
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
