import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';

/** `value`, once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Markdown as the site will show it: rendered by the server's own renderer (raw HTML shown as text, unsafe
 * links dropped), so the HTML put in the page here is the same, safe HTML players get.
 */
export function MarkdownPreview({ markdown, label }: { markdown: string; label: string }) {
  const settled = useSettled(markdown);
  const preview = useQuery({
    queryKey: ['content', 'preview', settled],
    queryFn: async () => (await api.content.preview({ body: { markdown: settled } })).data.html,
    enabled: settled.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: (previous) => previous,
  });
  return (
    <section className="panel" aria-label={label} aria-busy={preview.isFetching}>
      {settled.length === 0 ? (
        <p className="muted">Nothing to preview yet.</p>
      ) : preview.error ? (
        <p className="form-message" role="alert">
          The preview could not be rendered.
        </p>
      ) : (
        // Rendered and made safe by the server's renderer (raw HTML escaped, unsafe addresses dropped).
        <div
          className="prose"
          data-testid="markdown-preview"
          dangerouslySetInnerHTML={{ __html: preview.data ?? '' }}
        />
      )}
    </section>
  );
}
