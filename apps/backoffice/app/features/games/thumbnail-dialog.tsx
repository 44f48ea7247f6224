import type { BackofficeGame } from '@croupier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { FormDialog } from '../../ui/dialog.tsx';
import { Field, ReasonField } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { thumbnailOf } from './thumbnail.ts';

/**
 * Uploads a game's own thumbnail: the server judges the file by its content (JPEG, PNG or WebP, at most 5 MiB,
 * at least 200 px a side), makes the six sizes and shows them in the lobby before the hub's.
 */
export function ThumbnailDialog({ game, onClose }: { game: BackofficeGame | null; onClose: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const upload = useMutation({
    mutationFn: ({ id, form }: { id: string; form: FormData }) =>
      api.games.uploadThumbnail({ params: { id }, body: form as never }),
    onSuccess: ({ data }) => {
      toast.success(`${data.name}: new thumbnail in the lobby.`);
      void client.invalidateQueries({ queryKey: ['games'] });
      setProblem(null);
      onClose();
    },
    onError: (error) => {
      const found = problemOf(error);
      setProblem(found);
      toast.error(`Not uploaded: ${found.message}`);
    },
  });
  const current = game ? thumbnailOf(game, '200x300') : null;
  return (
    <FormDialog
      open={game !== null}
      onOpenChange={(open) => {
        if (!open) {
          setProblem(null);
          onClose();
        }
      }}
      title={game ? `Thumbnail of ${game.name}` : 'Thumbnail'}
      description="JPEG, PNG or WebP, at most 5 MiB, at least 200 × 200 pixels. It is cropped to fill 200 × 300 and 200 × 200 at 1x, 2x and 3x."
      submitLabel="Upload"
      pending={upload.isPending}
      problem={problem}
      onSubmit={(form) => {
        if (!game) return;
        const file = form.get('file');
        if (!(file instanceof File) || file.size === 0) {
          setProblem({
            message: 'Choose an image file.',
            fields: { file: 'Choose an image file.' },
            code: null,
            status: 422,
          });
          return;
        }
        const reason = String(form.get('reason') ?? '').trim();
        if (reason.length < 3) {
          const message = 'Give a reason of at least 3 characters.';
          setProblem({ message, fields: { reason: message }, code: null, status: 422 });
          return;
        }
        upload.mutate({ id: game.id, form });
      }}
    >
      {current && (
        <p>
          <img src={current} alt={`Current thumbnail of ${game?.name}`} width={100} height={150} />
        </p>
      )}
      <Field label="Image file" name="file" error={problem?.fields.file}>
        {(props) => <input {...props} type="file" accept="image/png,image/jpeg,image/webp" required />}
      </Field>
      <ReasonField error={problem?.fields.reason} />
    </FormDialog>
  );
}
