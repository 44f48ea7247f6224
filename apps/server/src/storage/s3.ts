import { assertSafeKey, type FileStorage } from './port.ts';
import { type SigV4Credentials, sha256Hex, signV4, uriEncode } from './sigv4.ts';

export interface S3Options {
  /** Origin (and optional base path) of the service; default https://s3.<region>.amazonaws.com. */
  endpoint?: string;
  region: string;
  bucket: string;
  credentials: SigV4Credentials;
  /** true: <endpoint>/<bucket>/<key> (MinIO and most self-hosted); false: <bucket>.<endpoint host>/<key>. */
  forcePathStyle: boolean;
  /** For tests: how requests leave. */
  fetch?: typeof fetch;
  /** Per request. */
  timeoutMs?: number;
}

/** Any S3-compatible bucket, through fetch and our own SigV4 signer: PutObject, GetObject, DeleteObject. */
export class S3Storage implements FileStorage {
  private readonly base: URL;
  private readonly doFetch: typeof fetch;

  constructor(private readonly options: S3Options) {
    this.base = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
    this.doFetch = options.fetch ?? fetch;
  }

  /** The object's URL, in the configured addressing style. */
  urlOf(key: string): URL {
    assertSafeKey(key);
    const encodedKey = key.split('/').map(uriEncode).join('/');
    const basePath = this.base.pathname.replace(/\/$/, '');
    const url = new URL(this.base.origin);
    if (this.options.forcePathStyle) {
      url.pathname = `${basePath}/${this.options.bucket}/${encodedKey}`;
    } else {
      url.hostname = `${this.options.bucket}.${this.base.hostname}`;
      url.pathname = `${basePath}/${encodedKey}`;
    }
    return url;
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Uint8Array, contentType?: string) {
    const url = this.urlOf(key);
    const headers = signV4({
      method,
      url,
      headers: contentType ? { 'content-type': contentType } : {},
      payloadHash: sha256Hex(body ?? ''),
      region: this.options.region,
      service: 's3',
      credentials: this.options.credentials,
    });
    return this.doFetch(url, {
      method,
      headers,
      // A Buffer is a Uint8Array over an ArrayBuffer; fetch's types want that spelled out.
      body: body as Uint8Array<ArrayBuffer> | undefined,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
    });
  }

  private static async fail(action: string, key: string, response: Response): Promise<never> {
    const text = (await response.text().catch(() => '')).slice(0, 300);
    throw new Error(`S3 ${action} ${key} failed: HTTP ${response.status} ${text}`);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const response = await this.send('PUT', key, bytes, contentType);
    if (!response.ok) await S3Storage.fail('PUT', key, response);
    await response.body?.cancel();
  }

  async get(key: string): Promise<Uint8Array | null> {
    const response = await this.send('GET', key);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) await S3Storage.fail('GET', key, response);
    return new Uint8Array(await response.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (!response.ok && response.status !== 404) await S3Storage.fail('DELETE', key, response);
    await response.body?.cancel();
  }
}
