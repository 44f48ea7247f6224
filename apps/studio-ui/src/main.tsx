import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { httpStudio } from './api.ts';
import { GAME_IDS, type GameId, type StudioBackend } from './types.ts';
import './styles.css';

declare global {
  interface Window {
    __STUDIO__?: { sessionId: string };
  }
}

async function backend(): Promise<StudioBackend> {
  const injected = window.__STUDIO__;
  if (injected?.sessionId) return httpStudio(injected.sessionId);
  // No server (vite dev): play on the engines in the page. ?game=dice&locale=de picks the game.
  const q = new URLSearchParams(location.search);
  const g = q.get('game') as GameId | null;
  const { localStudio } = await import('./local.ts');
  return localStudio(g && GAME_IDS.includes(g) ? g : 'neon-fruits', q.get('locale') ?? 'en');
}

const root = document.getElementById('root');
if (root) {
  backend().then((b) =>
    createRoot(root).render(
      <StrictMode>
        <App backend={b} />
      </StrictMode>,
    ),
  );
}
