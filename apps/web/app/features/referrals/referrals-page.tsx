import type { Referral } from '@croupier/contracts';
import { useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { useSession } from '../../shared/session/session.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { EmptyState, Skeleton } from '../../shared/ui/page.tsx';
import { Pagination } from '../history/index.ts';
import { ReferralLink } from './referral-link.tsx';
import { useReferrals } from './use-referrals.ts';
import './referrals.css';

const K = 'global-components.referrals';
const STATUS = { 1: 'inProgress', 2: 'qualified', 3: 'notQualified' } as const;

function ReferralRow({
  referral,
  index,
  format,
}: {
  referral: Referral;
  index: number;
  format: (iso: string) => string;
}) {
  const { t } = useI18n();
  const status = STATUS[referral.qualified as 1 | 2 | 3] ?? 'inProgress';
  return (
    <tr data-testid="referral-row">
      <td>{index}</td>
      <td>
        <span className={`referral-status referral-status--${status}`}>{t(`${K}.status.${status}`)}</span>
      </td>
      <td>{format(referral.registrationDate)}</td>
      <td>{referral.qualificationDate ? format(referral.qualificationDate) : '–'}</td>
      <td>{format(referral.qualificationEndDate)}</td>
    </tr>
  );
}

/**
 * /profile/referral (the seed's client's page, api-contract §4): the player's link with a copy button, how the
 * programme works, and the invited players page by page with their qualification (decision 0067).
 */
export function ReferralsPage() {
  const { t, locale } = useI18n();
  const { profile } = useSession();
  const [page, setPage] = useState(1);
  const list = useReferrals(page);
  const format = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <div className="referrals stack">
      <div className="card stack">
        <h2 className="referrals__title">{t(`${K}.title`)}</h2>
        <p>{t(`${K}.intro`)}</p>
        {profile?.referralCode ? (
          <ReferralLink code={profile.referralCode} />
        ) : (
          <Alert tone="info" text={t(`${K}.unavailable`)} />
        )}
        <p className="referrals__count">
          {t(`${K}.total`)}: <strong data-testid="referrals-total">{list.meta?.totalRows ?? 0}</strong>
        </p>
      </div>
      <div className="card stack">
        <h2 className="referrals__title">{t(`${K}.listTitle`)}</h2>
        {list.loading ? (
          <div role="status" aria-busy="true">
            <span className="visually-hidden">{t('global-components.common.loading')}</span>
            <Skeleton lines={3} />
          </div>
        ) : list.failed ? (
          <Alert tone="error" text={t(`${K}.loadFailed`)} />
        ) : list.items.length === 0 ? (
          <EmptyState icon="user" text={t(`${K}.empty`)} />
        ) : (
          <div className="referrals__table-wrap">
            <table className="referrals__table">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t(`${K}.columns.status`)}</th>
                  <th scope="col">{t(`${K}.columns.registered`)}</th>
                  <th scope="col">{t(`${K}.columns.qualified`)}</th>
                  <th scope="col">{t(`${K}.columns.deadline`)}</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((r, i) => (
                  <ReferralRow
                    key={`${r.registrationDate}-${i}`}
                    referral={r}
                    index={(page - 1) * 10 + i + 1}
                    format={format}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list.meta ? <Pagination meta={list.meta} onPage={setPage} /> : null}
      </div>
    </div>
  );
}
