import type { Player360 } from '@croupier/contracts';
import { limitDefinitions } from '@croupier/contracts/reference/statuses';
import { formatAmount, formatDay, formatTime, playerStatusLabel } from '../../lib/format.ts';
import { SimpleTable } from '../../ui/simple-table.tsx';

const limitNames = new Map(limitDefinitions.map((d) => [Number(d.id), d.name]));
const documentStatus: Record<number, string> = { 1: 'approved', 2: 'pending', 3: 'rejected' };

/** Everything the 360 answers, in sections: profile, money, blocks, limits, bonuses, KYC, flags, 6 months of totals. */
export function Overview({ player }: { player: Player360 }) {
  const p = player.profile;
  const name = [p.firstName, p.lastName].filter(Boolean).join(' ') || '—';
  const profile: [string, string][] = [
    ['Name', name],
    ['E-mail', p.email ? `${p.email}${p.confirmedAt ? '' : ' (not confirmed)'}` : '—'],
    ['Phone', p.phone ? `+${p.phone}${p.phoneConfirmed ? '' : ' (not confirmed)'}` : '—'],
    ['Nickname', p.nickname ?? '—'],
    ['Status', playerStatusLabel(p.status)],
    ['Country', p.country ?? '—'],
    ['Birth date', p.birthdate ?? '—'],
    ['Currency', p.currency ?? '—'],
    ['Language', p.locale ?? '—'],
    ['Address', [p.address, p.additionalAddress, p.postalCode, p.city].filter(Boolean).join(', ') || '—'],
    ['Registered (UTC)', formatTime(p.createdAt)],
    ['Id', p.id],
  ];
  return (
    <div className="overview">
      <section className="panel" aria-labelledby="ov-profile">
        <h2 id="ov-profile">Profile</h2>
        <dl className="facts">
          {profile.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="panel" aria-labelledby="ov-accounts">
        <h2 id="ov-accounts">Accounts</h2>
        <SimpleTable
          caption="Accounts"
          headers={['Currency', 'Balance', 'Real', 'Bonus', 'Locked', 'Withdrawable']}
          empty="No account."
          rows={player.accounts.map((a) => ({
            key: a.id,
            cells: [
              a.currency,
              formatAmount(a.balance),
              formatAmount(a.realBalance),
              formatAmount(a.bonusBalance),
              formatAmount(a.lockedBalance),
              formatAmount(a.withdrawalBalance),
            ],
          }))}
        />
      </section>
      <section className="panel" aria-labelledby="ov-totals">
        <h2 id="ov-totals">Last 6 months</h2>
        <SimpleTable
          caption="Totals of the last 6 months per currency"
          headers={['Currency', 'Deposits', 'Withdrawals', 'Bets', 'Wins']}
          empty="No money moved in the last 6 months."
          rows={player.totals.map((t) => ({
            key: t.currency,
            cells: [
              t.currency,
              formatAmount(t.deposits),
              formatAmount(t.withdrawals),
              formatAmount(t.bets),
              formatAmount(t.wins),
            ],
          }))}
        />
      </section>
      <section className="panel" aria-labelledby="ov-limits">
        <h2 id="ov-limits">Limits</h2>
        <SimpleTable
          caption="Limits"
          headers={['Limit', 'Period', 'Amount', 'Used', 'Status', 'Ends (UTC)']}
          empty="No limit."
          rows={player.limits.map((l) => ({
            key: l.id,
            cells: [
              limitNames.get(l.definition) ?? `Limit ${l.definition}`,
              l.period ?? '—',
              formatAmount(l.amount, l.currency),
              formatAmount(l.currentAmount, l.currency),
              `${l.status === 1 ? 'active' : 'pending'}${l.pendingExist ? ', raise waiting' : ''}${l.cancelProcess ? ', removal waiting' : ''}`,
              formatTime(l.expiredAt),
            ],
          }))}
        />
      </section>
      <section className="panel" aria-labelledby="ov-bonuses">
        <h2 id="ov-bonuses">Bonuses</h2>
        <SimpleTable
          caption="Bonuses"
          headers={['Bonus', 'Amount', 'Wagered', 'Status', 'Given (UTC)']}
          empty="No bonus."
          rows={player.bonuses.map((b) => ({
            key: b.id,
            cells: [
              b.name,
              formatAmount(b.amount, b.currency),
              `${Math.round(b.currentWagerPercentage)} %`,
              b.status === 3 ? 'finished' : b.status === 2 ? 'active' : 'issued',
              formatTime(b.createdAt),
            ],
          }))}
        />
      </section>
      <section className="panel" aria-labelledby="ov-kyc">
        <h2 id="ov-kyc">
          KYC <span className="badge">{player.kyc.status}</span>
        </h2>
        <SimpleTable
          caption="KYC documents"
          headers={['Type', 'File', 'Status', 'Uploaded (UTC)', 'Reason']}
          empty="No document uploaded."
          rows={player.kyc.documents.map((d) => ({
            key: d.id,
            cells: [
              d.type,
              d.fileName,
              documentStatus[d.status] ?? String(d.status),
              formatTime(d.createdAt),
              d.rejectReason ?? '—',
            ],
          }))}
        />
      </section>
      <section className="panel" aria-labelledby="ov-flags">
        <h2 id="ov-flags">Flags</h2>
        {player.flags.length === 0 ? (
          <p className="muted">No responsible-gaming or AML flag.</p>
        ) : (
          <ul className="flags">
            {player.flags.map((f) => (
              <li key={`${f.kind}-${f.raisedAt}`}>
                <span className="badge badge--warn">{f.kind}</span> {f.detail}{' '}
                <span className="muted">{formatDay(f.raisedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
