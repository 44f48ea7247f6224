import type { RealityCheck as Check } from '@croupier/contracts';
import { useNavigate } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { useWallet } from '../wallet/index.ts';
import { K, markShown, startOf, totalsIn, useFormat, useNow } from './reality-check-session.ts';
import { formatElapsed, useRealityCheck } from './reality-check-store.ts';
import './limits.css';

/** reality-check: the session so far; "continue" closes it, "stop playing" goes back to the lobby. */
export function RealityCheckModal({ close, titleId }: ModalProps) {
  const { t, href, locale } = useI18n();
  const navigate = useNavigate();
  const now = useNow();
  const { check } = useRealityCheck();
  const { active } = useWallet();
  const format = useFormat();
  const start = startOf(check) ?? now;
  const since = new Date(start).toLocaleTimeString(locale, { timeStyle: 'short' });
  const rows = check?.totals.length ? check.totals : [totalsIn(check, active?.currency)];
  return (
    <div className="modal-message limit-modal reality-check" data-testid="reality-check">
      <span className="modal-message__icon" aria-hidden="true">
        <Icon name="clock" size={32} />
      </span>
      <h2 id={titleId}>{t(`${K}.modalTitle`)}</h2>
      <p>{t(`${K}.modalText`, { since })}</p>
      <dl>
        <dt>{t(`${K}.sessionTime`)}</dt>
        <dd data-testid="reality-elapsed">{formatElapsed(now - start)}</dd>
        {rows
          .filter((r) => r.currency)
          .map((r) => (
            <RealityRows key={r.currency} row={r} format={format} multi={rows.length > 1} />
          ))}
      </dl>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => {
          markShown(Date.now());
          close();
        }}
      >
        {t(`${K}.continue`)}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={() => navigate(href('/main'))}>
        {t(`${K}.stop`)}
      </button>
    </div>
  );
}

function RealityRows({
  row,
  format,
  multi,
}: {
  row: Check['totals'][number];
  format: ReturnType<typeof useFormat>;
  multi: boolean;
}) {
  const { t } = useI18n();
  const suffix = multi ? ` (${row.currency})` : '';
  return (
    <>
      <dt>{t(`${K}.stakes`) + suffix}</dt>
      <dd data-testid="reality-stakes">{format(row.stakes, row.currency)}</dd>
      <dt>{t(`${K}.wins`) + suffix}</dt>
      <dd data-testid="reality-wins">{format(row.wins, row.currency)}</dd>
      <dt>{t(`${K}.net`) + suffix}</dt>
      <dd data-testid="reality-net" className={row.net < 0 ? 'session-meter__net--down' : 'session-meter__net--up'}>
        {format(row.net, row.currency, true)}
      </dd>
    </>
  );
}
