// The installable app (decision 0070): the drawer's install entry, and root.tsx's start (prompt, service worker).
export { InstallAppButton } from './install-button.tsx';
export { startPwa } from './register.ts';
