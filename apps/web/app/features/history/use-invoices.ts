import type { Invoice, PaginationMeta } from '@croupier/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';
import { type InvoiceFilters, invoicesQuery, replaceInvoice } from './invoice-query.ts';

export type ListState = 'loading' | 'ready' | 'failed';

/** One page of the player's invoice history for the given filters; decline replaces its row. */
export function useInvoices(filters: InvoiceFilters, page: number) {
  const [rows, setRows] = useState<Invoice[]>([]);
  const [meta, setMeta] = useState<PaginationMeta | null>(null);
  const [state, setState] = useState<ListState>('loading');
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setState('loading');
    try {
      const answer = await browserApi().payment.invoices({ query: invoicesQuery(filters, page) });
      if (request !== latest.current) return; // a newer filter or page won
      setRows(answer.data);
      setMeta(answer.meta);
      setState('ready');
    } catch {
      if (request === latest.current) setState('failed');
    }
  }, [filters, page]);

  useEffect(() => {
    void load();
  }, [load]);

  /** PUT …/decline; resolves the updated invoice, rejects with the ApiError when refused. */
  const decline = useCallback(async (invoiceId: string) => {
    const { data } = await browserApi().payment.decline({ params: { invoiceId } });
    setRows((prev) => replaceInvoice(prev, data));
    return data;
  }, []);

  return { rows, meta, state, reload: load, decline };
}
