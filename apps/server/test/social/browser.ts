import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The site's public origin in these tests; the "browser" below resolves it to the listening socket. */
export const PUBLIC_URL = 'http://casino.test';

/**
 * A tiny browser over real HTTP: requests to PUBLIC_URL go to the app listening on 127.0.0.1 (like a hosts
 * entry), other URLs as they are. Redirects are not followed, so each leg of the flow is checked.
 */
export async function browserFor(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const socket = `http://127.0.0.1:${port}`;
  const real = (url: string) => (url.startsWith(PUBLIC_URL) ? socket + url.slice(PUBLIC_URL.length) : url);
  /** Each test signs in from its own address, so per-IP limits do not couple tests. */
  let ip = 1;
  const nextIp = () => `198.51.100.${ip++}`;

  const fetchAs = (url: string, init: RequestInit & { ip: string }) =>
    fetch(real(url), {
      ...init,
      redirect: 'manual',
      headers: { 'cf-connecting-ip': init.ip, ...(init.headers as Record<string, string>) },
    });

  /** GET the redirect endpoint: answers the provider's authorization URL (302). */
  async function start(
    options: { ip: string; connection?: string; state?: unknown; query?: Record<string, string> } = { ip: nextIp() },
  ): Promise<URL> {
    const params = new URLSearchParams(options.query);
    params.set('state', JSON.stringify(options.state ?? { backRoute: encodeURIComponent('/casino?tab=live') }));
    const res = await fetchAs(
      `${PUBLIC_URL}/api/player/sessions/social/${options.connection ?? 'croupier-id'}/redirect?${params}`,
      { ip: options.ip },
    );
    expect(res.status, await res.clone().text()).toBe(302);
    return new URL(res.headers.get('location')!);
  }

  /** Opens the provider's login page, submits it, and answers where the provider sends the browser back. */
  async function signInAtProvider(authorize: URL, form: Record<string, string>, ip: string): Promise<URL> {
    const page = await fetchAs(authorize.toString(), { ip });
    const html = await page.text();
    expect(page.status, html).toBe(200);
    const uid = html.match(/name="uid" value="([^"]+)"/)?.[1];
    const action = html.match(/<form method="post" action="([^"]+)"/)?.[1];
    expect(uid && action).toBeTruthy();
    const submitted = await fetchAs(new URL(action!, authorize).toString(), {
      ip,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ uid: uid!, ...form }).toString(),
    });
    expect(submitted.status, await submitted.clone().text()).toBe(303);
    return new URL(submitted.headers.get('location')!);
  }

  /** What the callback page does: POST /api/player/sessions/social with the callback's own query. */
  async function complete(
    callback: URL,
    ip: string,
    body: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    const connection = callback.pathname.match(/^\/auth\/social\/([^/]+)\/callback$/)?.[1];
    const res = await fetchAs(`${PUBLIC_URL}/api/player/sessions/social${callback.search}`, {
      ip,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ connection, provider: connection, fingerprint: 'fp-social', ...body }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary response shapes
    return { status: res.status, json: (await res.json()) as any };
  }

  /** The whole flow for one identity of the login form. */
  async function signIn(
    form: Record<string, string>,
    options: { connection?: string; headers?: Record<string, string> } = {},
  ) {
    const ip = nextIp();
    const authorize = await start({ ip, connection: options.connection });
    const callback = await signInAtProvider(authorize, form, ip);
    return { callback, ...(await complete(callback, ip, {}, options.headers)) };
  }

  return { socket, real, nextIp, fetchAs, start, signInAtProvider, complete, signIn };
}
