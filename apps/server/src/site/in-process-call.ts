import { EventEmitter } from 'node:events';
import { type IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** What an in-process call answers: what the wire would carry, the body as the text a client decodes. */
export interface InProcessAnswer {
  statusCode: number;
  statusMessage: string;
  headers: Record<string, string | number | string[] | undefined>;
  body: string;
}

/**
 * A body-less request (GET, HEAD) through Fastify's own routing (`app.routing`, its public entry for a
 * request), with a bare request and a response that keeps what the route writes: every hook, validation
 * and serializer runs as for a socket, without light-my-request's emulation of the wire (the answer
 * written into a null socket, then the headers parsed back out of it, the body copied into Buffers and
 * decoded again; decision 0082). Calls with a body still go through `app.inject`.
 */
export function callInProcess(
  app: FastifyInstance,
  method: 'GET' | 'HEAD',
  path: string,
  headers: Record<string, string>,
): Promise<InProcessAnswer> {
  return new Promise((resolve, reject) => {
    const req = bareRequest(method, path, headers);
    const res = new KeptResponse(req, resolve, reject);
    app.routing(req, res);
  });
}

function bareRequest(method: string, url: string, given: Record<string, string>): IncomingMessage {
  const req = new Readable({
    read() {
      this.push(null);
    },
  }) as unknown as IncomingMessage & { socket: unknown };
  const headers: Record<string, string> = {};
  for (const name in given) headers[name.toLowerCase()] = given[name]!;
  // As light-my-request (and so every in-process call before) named them.
  headers['user-agent'] ??= 'lightMyRequest';
  headers.host ??= 'localhost:80';
  Object.assign(req, {
    method,
    url,
    headers,
    rawHeaders: Object.entries(headers).flat(),
    httpVersion: '1.1',
    httpVersionMajor: 1,
    httpVersionMinor: 1,
    aborted: false,
    complete: true,
  });
  Object.defineProperty(req, 'socket', {
    value: Object.assign(new EventEmitter(), { remoteAddress: '127.0.0.1', encrypted: false }),
  });
  return req;
}

class KeptResponse extends ServerResponse {
  #chunks: (string | Buffer)[] = [];
  #headers: InProcessAnswer['headers'] | null = null;
  #resolve: (answer: InProcessAnswer) => void;
  #reject: (error: Error) => void;
  #settled = false;

  constructor(req: IncomingMessage, resolve: (answer: InProcessAnswer) => void, reject: (error: Error) => void) {
    super(req);
    this.#resolve = resolve;
    this.#reject = reject;
    // With a header map in place, writeHead merges its headers into it (getHeaders sees them all).
    this.setHeader('x-in-process', '1');
    this.removeHeader('x-in-process');
  }

  // biome-ignore lint/suspicious/noExplicitAny: ServerResponse's overloads
  override writeHead(...args: any[]): this {
    super.writeHead(...(args as Parameters<ServerResponse['writeHead']>));
    this.#headers = { ...this.getHeaders() };
    return this;
  }

  // biome-ignore lint/suspicious/noExplicitAny: OutgoingMessage's overloads
  override write(chunk: any, encoding?: any, callback?: any): boolean {
    if (!this.headersSent) this.writeHead(this.statusCode);
    if (typeof encoding === 'function') callback = encoding;
    // As the wire would: nothing for HEAD, 204 and 304 (writeHead sets _hasBody).
    if (chunk != null && (this as unknown as { _hasBody: boolean })._hasBody) {
      this.#chunks.push(
        typeof chunk === 'string' && (typeof encoding !== 'string' || /^utf-?8$/i.test(encoding))
          ? chunk
          : Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined),
      );
    }
    if (typeof callback === 'function') process.nextTick(callback);
    return true;
  }

  // biome-ignore lint/suspicious/noExplicitAny: OutgoingMessage's overloads
  override end(chunk?: any, encoding?: any, callback?: any): this {
    if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined];
    else if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    if (this.finished) return this;
    if (chunk != null && chunk !== '') this.write(chunk, encoding);
    else if (!this.headersSent) this.writeHead(this.statusCode);
    this.finished = true;
    this.#settle();
    this.emit('prefinish');
    this.emit('finish');
    if (typeof callback === 'function') process.nextTick(callback);
    process.nextTick(() => this.emit('close'));
    return this;
  }

  override destroy(error?: Error): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    if (!this.#settled) {
      this.#settled = true;
      this.#reject(error ?? new Error('in-process response destroyed before completion'));
    }
    process.nextTick(() => this.emit('close'));
    return this;
  }

  #settle() {
    if (this.#settled) return;
    this.#settled = true;
    this.#resolve({
      statusCode: this.statusCode,
      statusMessage: this.statusMessage,
      headers: this.#headers ?? {},
      body: textOf(this.#chunks),
    });
  }
}

/** The body as a client decodes the bytes: UTF-8, a lone surrogate (never sent as such) as U+FFFD. */
function textOf(chunks: (string | Buffer)[]): string {
  if (chunks.length === 1 && typeof chunks[0] === 'string')
    return (chunks[0] as string & { toWellFormed(): string }).toWellFormed();
  return Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))).toString('utf8');
}
