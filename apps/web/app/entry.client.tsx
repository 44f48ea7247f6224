import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { NonceProvider, nonceOfPage } from './lib/nonce.tsx';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceProvider value={nonceOfPage(document)}>
        <HydratedRouter />
      </NonceProvider>
    </StrictMode>,
  );
});
