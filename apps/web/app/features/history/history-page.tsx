import { useState } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { EmptyState, Skeleton } from '../../shared/ui/page.tsx';
import { markCancelledHere } from '../payment/index.ts';
import { useWallet } from '../wallet/index.ts';
import { BetsPanel, SpinsPanel } from './game-history.tsx';
import { InvoiceFiltersForm } from './invoice-filters-form.tsx';
import { datesReversed, type InvoiceFilters, NO_FILTERS } from './invoice-query.ts';
import { InvoiceRow } from './invoice-row.tsx';
import { type InvoiceConstants, useHistoryLabels } from './labels.ts';
import { Pagination } from './pagination.tsx';
import { useInvoices } from './use-invoices.ts';
import './history.css';

type HistoryTab = 'payments' | 'bets' | 'spins';
const TABS: HistoryTab[] = ['payments', 'bets', 'spins'];

/**
 * /profile/history: tabs for payments (the filtered and paginated invoice list, cancelling a pending
 * withdrawal), bets (settled or open) and spins.
 */
export function HistoryPage({ constants }: { constants: InvoiceConstants }) {
  const t = useT();
  const [tab, setTab] = useState<HistoryTab>('payments');

  return (
    <div className="stack">
      <div className="tabs" role="tablist" aria-label={t('global-components.history.tabs')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`history-tab-${name}`}
            aria-controls={`history-panel-${name}`}
            aria-selected={tab === name}
            className={`tabs__tab${tab === name ? ' active' : ''}`}
            onClick={() => setTab(name)}
          >
            {t(`global-components.history.${name}`)}
          </button>
        ))}
      </div>
      {tab === 'bets' ? (
        <div role="tabpanel" id="history-panel-bets" aria-labelledby="history-tab-bets" className="stack">
          <BetsPanel />
        </div>
      ) : tab === 'spins' ? (
        <div role="tabpanel" id="history-panel-spins" aria-labelledby="history-tab-spins" className="stack">
          <SpinsPanel />
        </div>
      ) : (
        <PaymentsPanel constants={constants} />
      )}
    </div>
  );
}

/** The invoice list with its filters; cancelling a pending withdrawal. */
function PaymentsPanel({ constants }: { constants: InvoiceConstants }) {
  const t = useT();
  const toasts = useToasts();
  const wallet = useWallet();
  const label = useHistoryLabels(constants);
  const [filters, setFilters] = useState<InvoiceFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  // Reversed dates would only ever answer nothing: the list keeps the last valid filters meanwhile.
  const [applied, setApplied] = useState<InvoiceFilters>(NO_FILTERS);
  const invoices = useInvoices(applied, page);

  const changeFilters = (next: InvoiceFilters) => {
    setFilters(next);
    if (!datesReversed(next)) {
      setApplied(next);
      setPage(1);
    }
  };

  const cancel = async (invoiceId: string) => {
    markCancelledHere(invoiceId);
    await invoices.decline(invoiceId);
    toasts.show({
      type: 'success',
      title: t('alerts.withdrawalCancelled.title'),
      description: t('alerts.withdrawalCancelled.text'),
    });
    // The locked amount is back in the real balance; the balance publication may lag a moment.
    void wallet.reload().catch(() => {});
  };

  return (
    <div role="tabpanel" id="history-panel-payments" aria-labelledby="history-tab-payments" className="stack">
      <InvoiceFiltersForm filters={filters} constants={constants} label={label} onChange={changeFilters} />
      {invoices.state === 'failed' ? (
        <>
          <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
          <button type="button" className="button button--ghost" onClick={() => void invoices.reload()}>
            {t('global-components.common.retry')}
          </button>
        </>
      ) : invoices.state === 'loading' && invoices.rows.length === 0 ? (
        <Skeleton lines={5} />
      ) : invoices.rows.length === 0 ? (
        <EmptyState icon="clock" text={t('global-components.history.empty')} />
      ) : (
        <ul className="history-list" aria-busy={invoices.state === 'loading'}>
          {invoices.rows.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} label={label} onCancel={cancel} />
          ))}
        </ul>
      )}
      {invoices.meta && invoices.state !== 'failed' && <Pagination meta={invoices.meta} onPage={setPage} />}
    </div>
  );
}
