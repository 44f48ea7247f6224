import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { formatTime } from '../../lib/format.ts';
import { Field, FormMessage } from '../../ui/field.tsx';
import { useAllows } from '../../ui/permitted.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { playerKey } from './keys.ts';

/** Staff notes, newest first, and a form to add one (a note is its own reason: no reason field). */
export function Notes({ playerId }: { playerId: string }) {
  const allows = useAllows();
  const client = useQueryClient();
  const toast = useToast();
  const [problem, setProblem] = useState<Problem | null>(null);
  const key = [...playerKey(playerId), 'notes'];
  const notes = useQuery({
    queryKey: key,
    queryFn: async () => (await api.players.notes({ params: { id: playerId } })).data,
  });
  const add = useMutation({
    mutationFn: (text: string) => api.players.addNote({ params: { id: playerId }, body: { text } }),
    onSuccess: () => {
      toast.success('Note added.');
      setProblem(null);
      return client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      setProblem(problemOf(error));
      toast.error(`The note was not added: ${problemOf(error).message}`);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = String(new FormData(form).get('text') ?? '').trim();
    if (!text) return;
    add.mutate(text, { onSuccess: () => form.reset() });
  };
  return (
    <div className="notes">
      {allows('players:notes') && (
        <form className="panel" onSubmit={submit} aria-label="Add a note">
          <Field label="New note" name="text" error={problem?.fields.text}>
            {(props) => <textarea {...props} rows={3} maxLength={5000} required />}
          </Field>
          <FormMessage>{problem && !problem.fields.text ? problem.message : null}</FormMessage>
          <button type="submit" className="button button--primary" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add note'}
          </button>
        </form>
      )}
      {notes.isPending ? (
        <Skeleton lines={3} label="Loading notes" />
      ) : notes.error ? (
        <p className="form-message" role="alert">
          {problemOf(notes.error).message}
        </p>
      ) : notes.data.length === 0 ? (
        <p className="muted">No note yet.</p>
      ) : (
        <ol className="note-list" aria-label="Notes, newest first">
          {notes.data.map((note) => (
            <li key={note.id} className="note">
              <p className="note__meta">
                <strong>{note.staffName}</strong> · {formatTime(note.createdAt)} UTC
              </p>
              <p className="note__text">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
