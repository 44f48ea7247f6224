import { QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import { queryClient } from './lib/query-client.ts';
import { Skeleton } from './ui/skeleton.tsx';
import { ToastProvider } from './ui/toast.tsx';
import './styles.css';

// The server gives each answer of index.html a CSP nonce on its scripts (backoffice-plugin.ts). Radix's scroll
// lock adds a <style> element at run time; it takes the same nonce, so the strict style-src lets it in.
if (typeof document !== 'undefined') {
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  if (nonce) setNonce(nonce);
}

export const meta: Route.MetaFunction = () => [
  { title: 'Croupier back office' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        {/* No icon to fetch: the browser would ask for /favicon.ico, which the player site answers. */}
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <Outlet />
      </ToastProvider>
    </QueryClientProvider>
  );
}

/** What index.html shows until the app has started and loaded the staff member (SPA mode). */
export function HydrateFallback() {
  return (
    <main className="boot">
      <p className="boot__brand">Croupier back office</p>
      <Skeleton lines={4} label="Loading the back office" />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong';
  return (
    <main className="boot">
      <h1>{title}</h1>
      <p>Reload the page. If it happens again, tell an administrator the time it happened.</p>
      <p>
        <a href="/backoffice/">Back to the dashboard</a>
      </p>
    </main>
  );
}
