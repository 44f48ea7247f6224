import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the local feed answers next: a status and a raw body, after an optional delay. */
export interface FeedAnswer {
  status?: number;
  body: string;
  delayMs?: number;
}

/** A local HTTP rates feed for tests; `answer` is swapped between refreshes, `hits` counts requests. */
export interface RatesFeed {
  url: string;
  answer: FeedAnswer;
  hits: number;
  close(): Promise<void>;
}

export const feedJson = (value: unknown, extra: Omit<FeedAnswer, 'body'> = {}): FeedAnswer => ({
  body: JSON.stringify(value),
  ...extra,
});

export async function startRatesFeed(answer: FeedAnswer): Promise<RatesFeed> {
  const feed = { answer, hits: 0 } as RatesFeed;
  const server: Server = createServer((_request, response) => {
    feed.hits += 1;
    const { status = 200, body, delayMs = 0 } = feed.answer;
    const timer = setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    }, delayMs);
    // The client gave up (timeout): drop the pending answer.
    response.once('close', () => clearTimeout(timer));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  feed.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rates`;
  feed.close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return feed;
}
