import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { NonceProvider } from './lib/nonce.tsx';
import { paintFirstRewriter } from './lib/paint-first.server.ts';

export const streamTimeout = 5_000;

/** `WEB_PAINT_FIRST=0` sends React Router's scripts as they are (decision 0131): for a before-and-after measure. */
const paintFirst = process.env.WEB_PAINT_FIRST !== '0';

/** For the host's API fetch (apps/server/src/site/plugin.ts): the SSR cache drops on a configuration change. */
export { noteConfigGeneration } from './lib/config-generation.server.ts';

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
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(new Response(pageStream(pipe), { headers: responseHeaders, status: responseStatusCode }));
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

const encoder = new TextEncoder();
const passThrough = { push: (chunk: Uint8Array) => [chunk], end: (): Uint8Array[] => [] };

/**
 * React's output as the web stream a `Response` takes, without a Node `PassThrough` converted to a web
 * stream in between (issue 15, decision 0082): React writes 4 kB chunks into it, with the same
 * backpressure (a full queue asks React to wait for 'drain') and cancellation ('close' stops the render).
 */
function pageStream(pipe: (destination: Writable) => void): ReadableStream<Uint8Array> {
  const events = new EventEmitter();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let waiting = false;
  let cancelled = false; // the reader went away (visitor left): React may still flush before it stops
  const rewriter = paintFirst ? paintFirstRewriter() : passThrough; // scripts after the first paint (0131)
  const send = (pieces: Uint8Array[]) => {
    for (const piece of pieces) if (piece.length) controller.enqueue(piece);
  };
  const sink = Object.assign(events, {
    write(chunk: Uint8Array | string) {
      if (cancelled) return false;
      // React writes a long string as it is (a Node stream takes both); a Response body holds bytes only.
      send(rewriter.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk));
      waiting = (controller.desiredSize ?? 0) <= 0;
      return !waiting;
    },
    end() {
      if (cancelled) return;
      send(rewriter.end());
      controller.close();
    },
    destroy(error?: unknown) {
      controller.error(error);
    },
  });
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        pipe(sink as unknown as Writable);
      },
      pull() {
        if (!waiting) return;
        waiting = false;
        events.emit('drain');
      },
      cancel() {
        cancelled = true;
        events.emit('close');
      },
    },
    // 16 chunks of React's 4 kB: a page's shell goes through in one burst, as with a PassThrough's 16 kB.
    { highWaterMark: 16 },
  );
}
