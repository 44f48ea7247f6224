// The installable app (decision 0070): the drawer's install entry; root.tsx imports ./register.ts for its side effect.
export { InstallAppButton } from './install-button.tsx';
