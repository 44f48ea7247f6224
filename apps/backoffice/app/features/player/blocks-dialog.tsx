import type { Blocks, Player360 } from '@croupier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { BLOCK_SCOPES, type BlockScope } from '../../lib/format.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { ReasonField } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useDialogProblem } from '../../ui/use-dialog-problem.ts';
import { player360Key, playerKey } from './keys.ts';

const SCOPES: Record<BlockScope, { label: string; effect: string }> = {
  login: { label: 'Login', effect: 'Sign-in refused; every session and socket ends now.' },
  deposit: { label: 'Deposit', effect: 'New deposit invoices refused.' },
  bet: { label: 'Bet', effect: 'Bets refused by the game provider, under the account lock.' },
  withdrawal: { label: 'Withdrawal', effect: 'New withdrawal invoices refused.' },
};

/** The four switches, from the player's blocks when the dialog opens (the dialog's content mounts then). */
function BlockSwitches({ blocks }: { blocks: Blocks }) {
  const [on, setOn] = useState<Blocks>(blocks);
  return (
    <fieldset className="switches">
      <legend>Blocked scopes</legend>
      {BLOCK_SCOPES.map((scope) => (
        <label key={scope} className="switch">
          <input
            type="checkbox"
            role="switch"
            name={scope}
            checked={on[scope]}
            aria-checked={on[scope]}
            onChange={(event) => setOn({ ...on, [scope]: event.target.checked })}
          />
          <span>
            <strong>{SCOPES[scope].label}</strong> <span className="muted">{SCOPES[scope].effect}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Sets or lifts the four blocks at once (PUT …/blocks); they act on every path immediately. */
export function BlocksDialog({
  playerId,
  blocks,
  open,
  onOpenChange,
}: {
  playerId: string;
  blocks: Blocks;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const { problem, onOpenChange: openChange, onError } = useDialogProblem(onOpenChange, 'The blocks were not changed');
  const save = useMutation({
    mutationFn: (body: Blocks & { reason: string }) => api.players.setBlocks({ params: { id: playerId }, body }),
    onSuccess: ({ data }) => {
      client.setQueryData<Player360>(player360Key(playerId), (old) => (old ? { ...old, blocks: data } : old));
      void client.invalidateQueries({ queryKey: playerKey(playerId) });
      void client.invalidateQueries({ queryKey: ['players'] });
      const on = BLOCK_SCOPES.filter((s) => data[s]);
      toast.success(on.length ? `Blocks saved: ${on.join(', ')} blocked.` : 'Blocks saved: nothing is blocked.');
      onOpenChange(false);
    },
    onError,
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={openChange}
      title="Blocks"
      description="Each block acts at once on every path. Turn a switch off to lift it."
      submitLabel="Save blocks"
      pending={save.isPending}
      problem={problem}
      onSubmit={(form) =>
        save.mutate({
          login: form.has('login'),
          deposit: form.has('deposit'),
          bet: form.has('bet'),
          withdrawal: form.has('withdrawal'),
          reason: String(form.get('reason') ?? ''),
        })
      }
    >
      <BlockSwitches blocks={blocks} />
      <ReasonField error={problem?.fields.reason} />
    </FormDialog>
  );
}
