import { createLiveValue } from '../../shared/live/live-value.ts';

/** Chromium's install prompt event (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const deferred = createLiveValue<InstallPromptEvent | null>(null);
let captured = false;

/**
 * Keeps the browser's install prompt for the drawer's button (decision 0070). Listened to from the first
 * script on, because the event may fire before the drawer renders; the browser's own mini-bar is held back.
 */
export function captureInstallPrompt(target: Window = window): void {
  if (captured) return;
  captured = true;
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred.set(event as InstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => deferred.set(null));
}

/** Shows the prompt once (a prompt event can be used only once); resolves with the player's choice. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred.get();
  if (!event) return 'unavailable';
  deferred.set(null);
  await event.prompt();
  return (await event.userChoice).outcome;
}

/** Whether the browser offers installing the site now (false on the server and once installed). */
export const useCanInstall = (): boolean => deferred.use() !== null;
