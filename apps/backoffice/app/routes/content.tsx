import type { ContentLocaleSummary } from '@croupier/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { MissingList } from '../features/content/missing-list.tsx';
import { PagesList } from '../features/content/pages-list.tsx';
import {
  CONTENT_TABS,
  type ContentTab,
  contentKeys,
  LOCALE_OPTIONS,
  localeOf,
  tabOf,
} from '../features/content/params.ts';
import { TextsEditor } from '../features/content/texts-editor.tsx';
import { api } from '../lib/api.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { Permitted } from '../ui/permitted.tsx';
import { Segmented } from '../ui/segmented.tsx';

export const meta = () => [{ title: 'Content · Croupier back office' }];

export default function Content() {
  return (
    <Permitted permission="content:write">
      <ContentScreens />
    </Permitted>
  );
}

/**
 * Content per locale (issue 27): a locale (`?locale=`), then its pages, its texts or what it still lacks
 * (`?tab=`). The repository's files are the shipped defaults; edits show on the site at once.
 */
function ContentScreens() {
  const { params, set } = useUrlState();
  const locale = localeOf(params.get('locale'));
  const tab = tabOf(params.get('tab'));
  const summaries = useQuery({
    queryKey: contentKeys.locales,
    queryFn: async (): Promise<ContentLocaleSummary[]> => (await api.content.locales()).data,
  });
  const summary = summaries.data?.find((s) => s.locale === locale);
  return (
    <>
      <header className="page-header">
        <div>
          <h1>Content</h1>
          <p className="page-header__meta" data-testid="locale-summary">
            {summary
              ? summary.isDefault
                ? `The default locale · ${summary.edits} edit(s)`
                : `${summary.missingTexts} text(s) and ${summary.missingPages} page(s) missing · ${summary.edits} edit(s)`
              : 'Pages, texts and alerts per locale'}
          </p>
        </div>
      </header>
      <Segmented
        legend="Locale"
        options={LOCALE_OPTIONS}
        value={locale}
        onChange={(next) => set({ locale: next === 'en' ? null : next, page: null, q: null })}
      />
      <Tabs.Root
        value={tab}
        onValueChange={(next) => set({ tab: next === 'pages' ? null : next, page: null })}
        activationMode="manual"
      >
        <Tabs.List className="tabs" aria-label="Content">
          {(Object.keys(CONTENT_TABS) as ContentTab[]).map((t) => (
            <Tabs.Trigger key={t} value={t}>
              {CONTENT_TABS[t]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(Object.keys(CONTENT_TABS) as ContentTab[]).map((t) => (
          <Tabs.Content key={t} value={t} className="tab-panel">
            {t === tab && t === 'pages' && <PagesList locale={locale} />}
            {t === tab && t === 'texts' && <TextsEditor locale={locale} />}
            {t === tab && t === 'missing' && <MissingList locale={locale} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
