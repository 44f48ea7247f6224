import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import type { SocialConnectionConfig } from '../../../config.ts';

/** Back-channel HTTP of openid-client (discovery, token, JWKS, userinfo). */
type Fetch = NonNullable<oidc.DiscoveryRequestOptions[typeof oidc.customFetch]>;

/**
 * openid-client configurations, discovered on first use per connection and kept (a failed discovery is
 * retried by the next sign-in). The local provider is asked through Fastify's request injection: it runs
 * in this process, and PUBLIC_URL need not be reachable from the server itself (containers, proxies).
 */
export function createOidcConfigurations(app: FastifyInstance) {
  const cache = new Map<string, Promise<oidc.Configuration>>();

  const inProcess: Fetch = async (url, options) => {
    const target = new URL(url);
    const res = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers: options.headers,
      payload: options.body == null ? undefined : String(options.body),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };

  async function discover(connection: SocialConnectionConfig): Promise<oidc.Configuration> {
    const issuer = new URL(connection.issuer);
    const options: oidc.DiscoveryRequestOptions = { timeout: 10 };
    // Plain http is refused by config in production; elsewhere a local or test provider may use it.
    if (issuer.protocol === 'http:') options.execute = [oidc.allowInsecureRequests];
    if (connection.local) options[oidc.customFetch] = inProcess;
    return oidc.discovery(
      issuer,
      connection.clientId,
      connection.clientSecret,
      connection.clientSecret ? undefined : oidc.None(),
      options,
    );
  }

  return (connection: SocialConnectionConfig): Promise<oidc.Configuration> => {
    let configuration = cache.get(connection.name);
    if (!configuration) {
      configuration = discover(connection);
      cache.set(connection.name, configuration);
      configuration.catch(() => cache.delete(connection.name));
    }
    return configuration;
  };
}
