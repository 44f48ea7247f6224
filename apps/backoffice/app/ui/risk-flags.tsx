import { riskFlagText } from '../lib/risk-flags.ts';
import { Tip } from './tip.tsx';

/** A withdrawal's risk flags as readable badges, each explained on hover and focus; "none" when none was raised. */
export function RiskFlagBadges({ flags }: { flags: readonly string[] }) {
  if (flags.length === 0) return <span className="muted">none</span>;
  return (
    <ul className="badges badges--list" aria-label="Risk flags">
      {flags.map((name) => {
        const text = riskFlagText(name);
        return (
          <li key={name} data-flag={name}>
            <Tip label={text.label} tip={text.explanation} className="badge badge--warn" />
          </li>
        );
      })}
    </ul>
  );
}
