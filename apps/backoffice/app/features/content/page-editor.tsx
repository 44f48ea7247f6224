import type { ContentLocale, ContentPageView, PageFolder, PageSource, QuestionSource } from '@croupier/contracts';
import { CreatePageRequest, SavePageRequest } from '@croupier/contracts/backoffice/content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { type Problem, problemOf } from '../../lib/errors.ts';
import { Field, FormMessage, ReasonField } from '../../ui/field.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { OriginBadge } from './origin-badge.tsx';
import { contentKeys, localeName, PAGE_FOLDER_NAMES, pageHref } from './params.ts';
import { MarkdownPreview } from './preview.tsx';
import { problemOfSchema } from './validation.ts';

const blank: PageSource = { title: '', description: '', markdown: '' };

/** One page of one locale: loaded, or a new one (`identity` undefined). */
export function PageEditor({
  locale,
  folder,
  identity,
}: {
  locale: ContentLocale;
  folder?: PageFolder;
  identity?: string;
}) {
  const existing = folder && identity;
  const page = useQuery({
    queryKey: contentKeys.page(locale, folder ?? '', identity ?? ''),
    queryFn: async (): Promise<ContentPageView> =>
      (await api.content.page({ params: { locale, folder: folder!, identity: identity! } })).data,
    enabled: Boolean(existing),
  });
  if (existing && page.isPending) return <Skeleton lines={10} label="Loading the page" />;
  if (existing && page.error) {
    return (
      <section className="panel">
        <p className="form-message" role="alert">
          {problemOf(page.error).message}
        </p>
        <Link to={`/content?locale=${locale}`}>Back to the pages</Link>
      </section>
    );
  }
  return (
    <EditorForm
      key={page.data?.updatedAt ?? 'new'}
      locale={locale}
      view={existing ? (page.data ?? null) : null}
      initialFolder={folder ?? 'static'}
    />
  );
}

function EditorForm({
  locale,
  view,
  initialFolder,
}: {
  locale: ContentLocale;
  view: ContentPageView | null;
  initialFolder: PageFolder;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [folder, setFolder] = useState<PageFolder>(view?.folder ?? initialFolder);
  const [identity, setIdentity] = useState(view?.identity ?? '');
  const [source, setSource] = useState<PageSource>(view?.source ?? blank);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [dialog, setDialog] = useState<'unpublish' | 'revert' | null>(null);
  const isNew = view === null;
  const questions = folder === 'questions';
  const items = source.items ?? [];

  const refreshLists = () => {
    void client.invalidateQueries({ queryKey: contentKeys.all });
  };
  const failed = (what: string) => (error: unknown) => {
    const found = problemOf(error);
    setProblem(found);
    toast.error(`${what}: ${found.message}`);
  };
  const save = useMutation({
    mutationFn: (body: SavePageRequest | CreatePageRequest) =>
      isNew
        ? api.content.createPage({ params: { locale }, body: body as CreatePageRequest })
        : api.content.savePage({ params: { locale, folder, identity }, body }),
    onSuccess: ({ data }) => {
      refreshLists();
      toast.success(`“${data.title}” saved: the site shows it now.`);
      if (isNew) navigate(pageHref(locale, data.folder, data.identity));
      else client.setQueryData(contentKeys.page(locale, folder, identity), data);
    },
    onError: failed('The page was not saved'),
  });
  const act = useMutation({
    mutationFn: ({ verb, reason }: { verb: 'unpublish' | 'revert'; reason: string }) =>
      verb === 'unpublish'
        ? api.content.unpublishPage({ params: { locale, folder, identity }, body: { reason } })
        : api.content.revertPage({ params: { locale, folder, identity }, body: { reason } }),
    onSuccess: ({ data }, { verb }) => {
      setDialog(null);
      refreshLists();
      toast.success(verb === 'unpublish' ? 'The page is unpublished.' : 'Back to the shipped page.');
      if (!data) navigate(`/content?locale=${locale}`);
      else client.setQueryData(contentKeys.page(locale, folder, identity), data);
    },
    onError: failed('Not done'),
  });

  const submit = (reason: string) => {
    const body = {
      ...source,
      ...(questions ? { markdown: undefined } : { items: undefined }),
      ...(folder === 'bonus' ? {} : { bonusCode: undefined }),
      reason,
    };
    const parsed = isNew ? CreatePageRequest.safeParse({ ...body, folder, identity }) : SavePageRequest.safeParse(body);
    if (!parsed.success) {
      setProblem(problemOfSchema(parsed.error));
      return;
    }
    if (questions ? items.length === 0 : !source.markdown?.trim()) {
      setProblem({
        message: 'Check the highlighted fields.',
        fields: questions ? { items: 'Add at least one question.' } : { markdown: 'Write the page.' },
        code: 3,
        status: 422,
      });
      return;
    }
    setProblem(null);
    save.mutate(parsed.data);
  };
  const setItem = (i: number, item: Partial<QuestionSource>) =>
    setSource((s) => ({ ...s, items: (s.items ?? []).map((x, j) => (j === i ? { ...x, ...item } : x)) }));
  const fieldError = (name: string) => problem?.fields[name];

  return (
    <>
      <header className="page-header">
        <div>
          <h1>{isNew ? `New page in ${localeName(locale)}` : `${view.title} · ${localeName(locale)}`}</h1>
          <p className="page-header__meta">
            <Link to={`/content?locale=${locale}`}>Content</Link>
            {view && (
              <>
                {' '}
                ·{' '}
                <code>
                  /{locale === 'en' ? '' : `${locale}/`}
                  {view.folder}/{view.identity}
                </code>{' '}
                <OriginBadge origin={view.origin} />
              </>
            )}
          </p>
        </div>
        {view && (
          <div className="actions">
            {view.origin !== 'unpublished' && view.origin !== 'missing' && (
              <button type="button" className="button button--danger" onClick={() => setDialog('unpublish')}>
                Unpublish
              </button>
            )}
            {view.origin !== 'shipped' && view.origin !== 'missing' && (
              <button type="button" className="button" onClick={() => setDialog('revert')}>
                {view.shipped ? 'Revert to the shipped page' : 'Delete the page'}
              </button>
            )}
          </div>
        )}
      </header>
      {view?.origin === 'missing' && (
        <p className="panel" role="note">
          This locale has no translation yet: the site shows the default locale's page. Saving here publishes the
          translation.
        </p>
      )}
      <form
        className="panel panel--form"
        noValidate
        aria-label="Page"
        onSubmit={(event) => {
          event.preventDefault();
          submit(String(new FormData(event.currentTarget).get('reason') ?? ''));
        }}
      >
        {isNew && (
          <div className="field-row">
            <Field label="Kind" name="folder" error={fieldError('folder')}>
              {(props) => (
                <select
                  {...props}
                  value={folder}
                  onChange={(event) => {
                    const next = event.target.value as PageFolder;
                    setFolder(next);
                    setSource((s) =>
                      next === 'questions'
                        ? { ...s, items: s.items ?? [{ question: '', answer: '' }] }
                        : { ...s, markdown: s.markdown ?? '' },
                    );
                  }}
                >
                  {(Object.keys(PAGE_FOLDER_NAMES) as PageFolder[]).map((f) => (
                    <option key={f} value={f}>
                      {PAGE_FOLDER_NAMES[f]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              label="Address (slug)"
              name="identity"
              error={fieldError('identity')}
              hint="Lowercase letters, digits and dashes: /static/<slug>."
            >
              {(props) => (
                <input {...props} value={identity} autoComplete="off" onChange={(e) => setIdentity(e.target.value)} />
              )}
            </Field>
          </div>
        )}
        <Field label="Title" name="title" error={fieldError('title')}>
          {(props) => (
            <input {...props} value={source.title} onChange={(e) => setSource({ ...source, title: e.target.value })} />
          )}
        </Field>
        <Field
          label="Description"
          name="description"
          error={fieldError('description')}
          hint="For search engines and link previews."
        >
          {(props) => (
            <input
              {...props}
              value={source.description}
              onChange={(e) => setSource({ ...source, description: e.target.value })}
            />
          )}
        </Field>
        <div className="field-row">
          <Field label="Order in its list" name="order" error={fieldError('order')}>
            {(props) => (
              <input
                {...props}
                inputMode="numeric"
                value={source.order ?? ''}
                onChange={(e) =>
                  setSource({ ...source, order: e.target.value.trim() === '' ? undefined : Number(e.target.value) })
                }
              />
            )}
          </Field>
          {folder === 'bonus' && (
            <Field label="Bonus code its claim button applies" name="bonusCode" error={fieldError('bonusCode')}>
              {(props) => (
                <input
                  {...props}
                  value={source.bonusCode ?? ''}
                  autoComplete="off"
                  onChange={(e) => setSource({ ...source, bonusCode: e.target.value || undefined })}
                />
              )}
            </Field>
          )}
        </div>
        {questions ? (
          <fieldset>
            <legend>Questions</legend>
            {fieldError('items') && <p className="field__error">{fieldError('items')}</p>}
            {items.map((item, i) => (
              <div key={i} className="change">
                <Field
                  label={`Question ${i + 1}`}
                  name={`items.${i}.question`}
                  error={fieldError(`items.${i}.question`)}
                >
                  {(props) => (
                    <input
                      {...props}
                      value={item.question}
                      onChange={(e) => setItem(i, { question: e.target.value })}
                    />
                  )}
                </Field>
                <Field
                  label={`Answer ${i + 1} (Markdown)`}
                  name={`items.${i}.answer`}
                  error={fieldError(`items.${i}.answer`)}
                >
                  {(props) => (
                    <textarea
                      {...props}
                      rows={4}
                      value={item.answer}
                      onChange={(e) => setItem(i, { answer: e.target.value })}
                    />
                  )}
                </Field>
                <MarkdownPreview markdown={item.answer} label={`Preview of answer ${i + 1}`} />
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setSource((s) => ({ ...s, items: (s.items ?? []).filter((_, j) => j !== i) }))}
                >
                  Remove question {i + 1}
                </button>
              </div>
            ))}
            <button
              type="button"
              className="button button--small"
              onClick={() => setSource((s) => ({ ...s, items: [...(s.items ?? []), { question: '', answer: '' }] }))}
            >
              Add a question
            </button>
          </fieldset>
        ) : (
          <div className="overview">
            <Field
              label="Text (Markdown)"
              name="markdown"
              error={fieldError('markdown')}
              hint="Headings (##), lists, links and emphasis. HTML is shown as text, not run."
            >
              {(props) => (
                <textarea
                  {...props}
                  rows={18}
                  value={source.markdown ?? ''}
                  onChange={(e) => setSource({ ...source, markdown: e.target.value })}
                />
              )}
            </Field>
            <div>
              <h2 className="subheading">Preview: what the site shows</h2>
              <MarkdownPreview markdown={source.markdown ?? ''} label="Preview of the page" />
            </div>
          </div>
        )}
        {view?.defaultSource && (
          <details>
            <summary>The default locale's text (English)</summary>
            <p>
              <strong>{view.defaultSource.title}</strong>
            </p>
            <pre className="break">
              {view.defaultSource.markdown ??
                view.defaultSource.items?.map((q) => `${q.question}\n${q.answer}`).join('\n\n')}
            </pre>
          </details>
        )}
        <ReasonField error={fieldError('reason')} />
        <FormMessage>{problem && Object.keys(problem.fields).length === 0 ? problem.message : null}</FormMessage>
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : isNew ? 'Create and publish' : 'Save and publish'}
          </button>
        </div>
      </form>
      <ReasonDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog === 'unpublish' ? 'Unpublish the page' : 'Revert the page'}
        description={
          dialog === 'unpublish'
            ? locale === 'en'
              ? 'The page leaves the site in every locale. Its text is kept: saving it publishes it again.'
              : "The translation is withdrawn: the site shows the default locale's page here."
            : view?.shipped
              ? "Staff's version is dropped: the shipped page shows again."
              : 'The page was created here: it is removed.'
        }
        submitLabel={dialog === 'unpublish' ? 'Unpublish' : 'Revert'}
        danger
        pending={act.isPending}
        problem={problem}
        onSubmit={(reason) => dialog && act.mutate({ verb: dialog, reason })}
      />
    </>
  );
}
