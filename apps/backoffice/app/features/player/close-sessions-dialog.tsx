import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { ReasonField } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useDialogProblem } from '../../ui/use-dialog-problem.ts';
import { playerKey } from './keys.ts';

/** Ends every session of the player at once, sockets too (POST …/sessions/close). */
export function CloseSessionsDialog({
  playerId,
  open,
  onOpenChange,
}: {
  playerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const { problem, onOpenChange: openChange, onError } = useDialogProblem(onOpenChange, 'The sessions were not closed');
  const close = useMutation({
    mutationFn: (reason: string) => api.players.closeSessions({ params: { id: playerId }, body: { reason } }),
    onSuccess: ({ data }) => {
      void client.invalidateQueries({ queryKey: playerKey(playerId) });
      toast.success(`${data.closed} session${data.closed === 1 ? '' : 's'} closed.`);
      onOpenChange(false);
    },
    onError,
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={openChange}
      title="Close sessions"
      description="The player is signed out everywhere now. They may sign in again unless a login block is on."
      submitLabel="Close every session"
      danger
      pending={close.isPending}
      problem={problem}
      onSubmit={(form) => close.mutate(String(form.get('reason') ?? ''))}
    >
      <ReasonField error={problem?.fields.reason} />
    </FormDialog>
  );
}
