import { useState } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';

const K = 'global-components.referrals';

/** The player's link (`{origin}/?ref={code}`, api-contract §4) with a copy button that says when it copied. */
export function ReferralLink({ code }: { code: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const link = typeof window === 'undefined' ? `/?ref=${code}` : `${window.location.origin}/?ref=${code}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (insecure origin, denied): the field is selectable by hand.
      setCopied(false);
    }
  };
  return (
    <div className="referral-link">
      <label className="field">
        <span className="field__label">{t(`${K}.linkLabel`)}</span>
        <span className="referral-link__row">
          <input
            className="field__input"
            readOnly
            value={link}
            data-testid="referral-link"
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="button button--primary" onClick={copy}>
            {t(`${K}.copy`)}
          </button>
        </span>
      </label>
      <span className="referral-link__status" role="status" aria-live="polite">
        {copied ? t(`${K}.copied`) : ''}
      </span>
    </div>
  );
}
