import { useEffect, useState } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';

/** Covers the first paint; hides after 500 ms and leaves the DOM after 1000 ms (spec §9). */
export function Preloader() {
  const t = useT();
  const [stage, setStage] = useState<'shown' | 'hiding' | 'gone'>('shown');
  useEffect(() => {
    const hide = setTimeout(() => setStage('hiding'), 500);
    const remove = setTimeout(() => setStage('gone'), 1000);
    return () => {
      clearTimeout(hide);
      clearTimeout(remove);
    };
  }, []);
  if (stage === 'gone') return null;
  return (
    <div className={`preloader${stage === 'hiding' ? ' preloader--hidden' : ''}`} role="status" aria-live="polite">
      <span className="preloader__chip" aria-hidden="true">
        ♠
      </span>
      <span className="visually-hidden">{t('layout.preloader.label')}</span>
    </div>
  );
}
