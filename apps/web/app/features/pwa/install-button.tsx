import { useI18n } from '../../shared/i18n/i18n.tsx';
import { promptInstall, useCanInstall } from './install-prompt.ts';
import './pwa.css';

/** The drawer's "Install app" entry: shown only while the browser offers installing (beforeinstallprompt). */
export function InstallAppButton() {
  const { t } = useI18n();
  const canInstall = useCanInstall();
  if (!canInstall) return null;
  const label = t('layout.pwa.install');
  return (
    <button
      type="button"
      className="drawer__link drawer__install"
      title={label}
      onClick={() => {
        promptInstall().catch((error: unknown) => console.warn('install prompt failed', error));
      }}
    >
      <svg
        width={20}
        height={20}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        aria-hidden="true"
      >
        <path d="M12 3v12M7 10l5 5 5-5M4 21h16" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="drawer__label">{label}</span>
    </button>
  );
}
