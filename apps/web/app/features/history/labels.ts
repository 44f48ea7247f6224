import type { Status } from '@croupier/contracts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { lookup } from '../../shared/i18n/translate.ts';

/** Invoice type and status lists from /api/settings/constants (payment.*), labelled by content when it has a text. */
export interface InvoiceConstants {
  invoiceStatuses: Status[];
  invoiceTypes: Status[];
}

/** `label('invoiceStatus', 2)` → the content text for that id, else the constant's own name, else the id. */
export function useHistoryLabels(constants: InvoiceConstants) {
  const { content } = useI18n();
  const label = (group: 'invoiceStatus' | 'invoiceType', id: number | string) => {
    const list = group === 'invoiceStatus' ? constants.invoiceStatuses : constants.invoiceTypes;
    return (
      lookup(content, `global-components.history.${group}.${id}`) ??
      list.find((s) => String(s.id) === String(id))?.name ??
      String(id)
    );
  };
  return label;
}

/** Cash-agent fields of publicData the history shows (api-contract §8), in this order. */
export const PUBLIC_DATA_FIELDS = ['clientId', 'securityCode', 'agentNumber', 'transactionId'] as const;
