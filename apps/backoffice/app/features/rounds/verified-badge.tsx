import type { Verdict } from './verdict.ts';

/** The round's verdict in words and a mark, large: "Verified" or "Not verified" with why (never colour alone). */
export function VerifiedBadge({ verdict }: { verdict: Verdict }) {
  return (
    <div
      className={`verdict verdict--${verdict.verified ? 'ok' : 'no'}`}
      role="status"
      data-testid="round-verdict"
      data-verified={verdict.verified}
    >
      <span className="verdict__label">
        <span aria-hidden="true">{verdict.verified ? '✓ ' : '✕ '}</span>
        {verdict.label}
      </span>
      <span className="verdict__reason">{verdict.reason}</span>
    </div>
  );
}
