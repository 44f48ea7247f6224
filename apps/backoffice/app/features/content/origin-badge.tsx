import type { ContentOrigin } from '@croupier/contracts';

const LOOKS: Record<ContentOrigin, { tone: string; label: string }> = {
  shipped: { tone: 'neutral', label: 'Shipped' },
  edited: { tone: 'info', label: 'Edited' },
  created: { tone: 'ok', label: 'Created' },
  unpublished: { tone: 'danger', label: 'Unpublished' },
  missing: { tone: 'warn', label: 'Missing' },
};

/** Where a page or text comes from, in words (colour is never the only signal). */
export function OriginBadge({ origin }: { origin: ContentOrigin }) {
  const look = LOOKS[origin];
  return (
    <span className={`badge badge--${look.tone}`} data-origin={origin}>
      {look.label}
    </span>
  );
}
