import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { NonceProvider } from './lib/nonce.tsx';

export const streamTimeout = 5_000;

/** Streams the page; crawlers get the complete document at once (onAllReady). */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const waitForAll = Boolean((userAgent && isbot(userAgent)) || routerContext.isSpaMode);
    const nonce = loadContext.nonce;
    // Stops a render still waiting after the stream timeout. Cleared once everything has rendered: a
    // pending timer keeps the request's whole render and loader data alive for 6 s, which under load is
    // hundreds of finished pages held past their young-generation GC (issue 15, decision 0079).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      shellRendered = true;
      const body = new PassThrough();
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) start();
        },
        onAllReady() {
          if (waitForAll) start();
          clearTimeout(timer);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    timer = setTimeout(abort, streamTimeout + 1000);
  });
}
