import type { KycDocument, RequestAnotherDocumentRequest } from '@croupier/contracts';
import { ErrorCode } from '@croupier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { Field, FormMessage } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { playerKey } from '../player/keys.ts';
import { DOCUMENT_TYPES, documentTypeName } from './document-types.ts';
import { kycDocumentsKey } from './keys.ts';

type Verb = 'approve' | 'reject' | 'request';

const VERBS: { value: Verb; label: string }[] = [
  { value: 'approve', label: 'Approve' },
  { value: 'reject', label: 'Reject' },
  { value: 'request', label: 'Request another document' },
];

/**
 * The three decisions on a pending document, in the viewer's panel: approve (optional reason), reject (a
 * reason the player reads), or ask for another document of a chosen type (this one ends rejected with the
 * reason). One form at a time; the buttons say which is open (`aria-pressed`). A document someone else
 * decided meanwhile (20005) refreshes the queue.
 */
export function DocumentDecision({ document, onDone }: { document: KycDocument; onDone: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [verb, setVerb] = useState<Verb | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const decide = useMutation({
    mutationFn: ({ verb, reason, type }: { verb: Verb; reason: string; type: string }) => {
      const params = { id: document.id };
      if (verb === 'approve') return api.kyc.approve({ params, body: reason ? { reason } : {} });
      if (verb === 'reject') return api.kyc.reject({ params, body: { reason } });
      return api.kyc.requestAnother({
        params,
        body: { type: type as RequestAnotherDocumentRequest['type'], reason },
      });
    },
    onSuccess: ({ data }, { verb }) => {
      toast.success(
        verb === 'approve'
          ? `${documentTypeName(data.type)} approved.`
          : verb === 'reject'
            ? `${documentTypeName(data.type)} rejected: the player reads your message.`
            : `The player is asked for: ${documentTypeName(data.requestedType)}.`,
      );
      void client.invalidateQueries({ queryKey: kycDocumentsKey });
      void client.invalidateQueries({ queryKey: playerKey(data.player.id) });
      setProblem(null);
      onDone();
    },
    onError: (error) => {
      const found = problemOf(error);
      setProblem(found);
      toast.error(`The document was not decided: ${found.message}`);
      if (found.code === ErrorCode.alreadyDecided) void client.invalidateQueries({ queryKey: kycDocumentsKey });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!verb || decide.isPending) return;
    const form = new FormData(event.currentTarget);
    decide.mutate({ verb, reason: String(form.get('reason') ?? '').trim(), type: String(form.get('type') ?? '') });
  };
  const forPlayer = verb === 'reject' || verb === 'request';
  return (
    <section className="decision" aria-labelledby="decision-title">
      <h3 id="decision-title">Decision</h3>
      <div className="decision__verbs">
        {VERBS.map((v) => (
          <button
            key={v.value}
            type="button"
            className={`button button--small${v.value === 'approve' ? ' button--primary' : ''}`}
            aria-pressed={verb === v.value}
            // Only while the form exists: an id reference to nothing is invalid ARIA (axe: aria-valid-attr-value).
            aria-controls={verb ? 'decision-form' : undefined}
            onClick={() => {
              setProblem(null);
              setVerb(v.value);
            }}
          >
            {v.label}
          </button>
        ))}
      </div>
      {verb && (
        <form id="decision-form" onSubmit={submit} className="decision__form" key={verb}>
          {verb === 'request' && (
            <Field label="Document to ask for" name="type" error={problem?.fields.type}>
              {(props) => (
                <select {...props} defaultValue={document.type} required>
                  {DOCUMENT_TYPES.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <Field
            label={forPlayer ? 'Message to the player' : 'Reason (optional)'}
            name="reason"
            error={problem?.fields.reason}
            hint={
              forPlayer
                ? 'The player reads it as written beside the document. 3 to 500 characters.'
                : 'Kept in the audit log with the decision.'
            }
          >
            {(props) => (
              // biome-ignore lint/a11y/noAutofocus: the form opens on the staff member's click, focus follows it
              <textarea {...props} rows={3} required={forPlayer} minLength={3} maxLength={500} autoFocus />
            )}
          </Field>
          <FormMessage>{problem && Object.keys(problem.fields).length === 0 ? problem.message : null}</FormMessage>
          <div className="dialog__actions">
            <button type="button" className="button button--ghost" onClick={() => setVerb(null)}>
              Cancel
            </button>
            <button
              type="submit"
              className={`button ${verb === 'approve' ? 'button--primary' : 'button--danger'}`}
              disabled={decide.isPending}
            >
              {decide.isPending
                ? 'Working…'
                : verb === 'approve'
                  ? 'Approve document'
                  : verb === 'reject'
                    ? 'Reject document'
                    : 'Ask for the document'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
