import type { ContentDocumentView, ContentFolder, ContentLocale } from '@croupier/contracts';
import { SaveDocumentRequest } from '@croupier/contracts/backoffice/content';
import { ContentFolder as Folders } from '@croupier/contracts/content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { useUrlState } from '../../lib/use-url-state.ts';
import { Field, FormMessage, ReasonField } from '../../ui/field.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { OriginBadge } from './origin-badge.tsx';
import { contentKeys, FOLDER_NAMES, folderOf, localeName } from './params.ts';
import { problemOfSchema } from './validation.ts';

const PER_PAGE = 40;

/**
 * The texts of one JSON document in a locale, beside the default locale's: filtered by key or text (`?q=`),
 * optionally only the missing ones (`?missing=1`), 40 to a page (`?page=`). Changed texts are saved together
 * with one reason; "Use the shipped text" sends null for a text.
 */
export function TextsEditor({ locale }: { locale: ContentLocale }) {
  const { params, set, page } = useUrlState();
  const folder = folderOf(params.get('folder'));
  const q = params.get('q') ?? '';
  const onlyMissing = params.get('missing') === '1';
  const document = useQuery({
    queryKey: contentKeys.document(locale, folder),
    queryFn: async (): Promise<ContentDocumentView> =>
      (await api.content.document({ params: { locale, folder } })).data,
  });
  return (
    <section className="panel" aria-labelledby="content-texts">
      <h2 id="content-texts">Texts in {localeName(locale)}</h2>
      <div className="filters">
        <div className="filters__field">
          <label htmlFor="texts-folder">Document</label>
          <select
            id="texts-folder"
            value={folder}
            onChange={(event) => set({ folder: event.target.value, page: null, q: null })}
          >
            {Folders.options.map((f) => (
              <option key={f} value={f}>
                {FOLDER_NAMES[f]}
              </option>
            ))}
          </select>
        </div>
        <div className="filters__field filters__field--grow">
          <label htmlFor="texts-q">Find a key or a text</label>
          <input
            id="texts-q"
            type="search"
            defaultValue={q}
            key={q}
            onKeyDown={(event) => {
              if (event.key === 'Enter') set({ q: event.currentTarget.value.trim() || null, page: null });
            }}
            onBlur={(event) => set({ q: event.currentTarget.value.trim() || null, page: null }, true)}
          />
        </div>
        <label className="switch filters__field--inline">
          <input
            type="checkbox"
            checked={onlyMissing}
            onChange={(event) => set({ missing: event.target.checked ? 1 : null, page: null })}
          />
          <span>Only missing</span>
        </label>
      </div>
      {document.isPending ? (
        <Skeleton lines={8} label="Loading the texts" />
      ) : document.error ? (
        <p className="form-message" role="alert">
          {problemOf(document.error).message}
        </p>
      ) : (
        <TextsForm
          key={`${locale}/${folder}/${document.data.updatedAt ?? ''}`}
          view={document.data}
          locale={locale}
          folder={folder}
          q={q}
          onlyMissing={onlyMissing}
          page={page}
          setPage={(next) => set({ page: next === 1 ? null : next })}
        />
      )}
    </section>
  );
}

function TextsForm({
  view,
  locale,
  folder,
  q,
  onlyMissing,
  page,
  setPage,
}: {
  view: ContentDocumentView;
  locale: ContentLocale;
  folder: ContentFolder;
  q: string;
  onlyMissing: boolean;
  page: number;
  setPage: (page: number) => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [changes, setChanges] = useState<Record<string, string | null>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const needle = q.toLowerCase();
  const shown = view.entries.filter(
    (e) =>
      (!onlyMissing || e.origin === 'missing') &&
      (!needle ||
        e.key.toLowerCase().includes(needle) ||
        e.defaultValue.toLowerCase().includes(needle) ||
        (e.value ?? '').toLowerCase().includes(needle)),
  );
  const pages = Math.max(1, Math.ceil(shown.length / PER_PAGE));
  const current = Math.min(page, pages);
  const rows = shown.slice((current - 1) * PER_PAGE, current * PER_PAGE);
  const save = useMutation({
    mutationFn: (body: SaveDocumentRequest) => api.content.saveDocument({ params: { locale, folder }, body }),
    onSuccess: ({ data }) => {
      client.setQueryData(contentKeys.document(locale, folder), data);
      void client.invalidateQueries({ queryKey: contentKeys.missing(locale) });
      void client.invalidateQueries({ queryKey: contentKeys.locales });
      toast.success(`${Object.keys(changes).length} text(s) saved.`);
    },
    onError: (error) => {
      const found = problemOf(error);
      setProblem(found);
      toast.error(`The texts were not saved: ${found.message}`);
    },
  });
  const count = Object.keys(changes).length;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
        const parsed = SaveDocumentRequest.safeParse({ entries: changes, reason });
        if (!parsed.success) {
          setProblem(problemOfSchema(parsed.error));
          return;
        }
        setProblem(null);
        save.mutate(parsed.data);
      }}
    >
      <p className="muted" aria-live="polite">
        {shown.length} text(s){q && ` matching “${q}”`}; page {current} of {pages}.
      </p>
      {rows.map((entry) => {
        const changed = entry.key in changes;
        const value = changed ? (changes[entry.key] ?? '') : (entry.value ?? '');
        const error = problem?.fields[`entries.${entry.key}`];
        return (
          <div key={entry.key} className="change" data-key={entry.key}>
            <Field
              label={entry.key}
              name={`text-${entry.key}`}
              error={error}
              hint={locale === 'en' ? undefined : `Default (English): ${entry.defaultValue}`}
            >
              {(props) => (
                <textarea
                  {...props}
                  rows={Math.min(4, Math.ceil(Math.max(value.length, 1) / 80))}
                  value={value}
                  placeholder={entry.value === null ? entry.defaultValue : undefined}
                  onChange={(event) => setChanges((c) => ({ ...c, [entry.key]: event.target.value }))}
                />
              )}
            </Field>
            <div className="row-actions">
              <OriginBadge origin={changed ? 'edited' : entry.origin} />
              {(entry.origin === 'edited' || entry.origin === 'created') && !changed && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setChanges((c) => ({ ...c, [entry.key]: null }))}
                >
                  Use the shipped text
                </button>
              )}
              {changed && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() =>
                    setChanges((c) => {
                      const { [entry.key]: _, ...rest } = c;
                      return rest;
                    })
                  }
                >
                  Undo
                </button>
              )}
            </div>
          </div>
        );
      })}
      {pages > 1 && (
        <nav className="pager" aria-label="Texts pages">
          <button
            type="button"
            className="button button--small"
            disabled={current <= 1}
            onClick={() => setPage(current - 1)}
          >
            Previous
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={current >= pages}
            onClick={() => setPage(current + 1)}
          >
            Next
          </button>
        </nav>
      )}
      <ReasonField error={problem?.fields.reason} />
      <FormMessage>
        {problem && (problem.fields.entries || Object.keys(problem.fields).length === 0)
          ? (problem.fields.entries ?? problem.message)
          : null}
      </FormMessage>
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending || count === 0}>
          {save.isPending ? 'Saving…' : `Save ${count} change${count === 1 ? '' : 's'}`}
        </button>
      </div>
    </form>
  );
}
