import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { assertSafeKey, type FileStorage } from './port.ts';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface S3Options {
  /** Origin (and optional base path) of the service; default https://s3.<region>.amazonaws.com. */
  endpoint?: string;
  region: string;
  bucket: string;
  credentials: S3Credentials;
  /** true: <endpoint>/<bucket>/<key> (MinIO and most self-hosted); false: <bucket>.<endpoint host>/<key>. */
  forcePathStyle: boolean;
  /** For tests: how the signed request leaves. */
  fetch?: (request: Request) => Promise<Response>;
  /** Per request. */
  timeoutMs?: number;
}

const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 unreserved characters stay, everything else is %XX (upper case), as S3 expects in a path. */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignInit {
  method: string;
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  signal?: AbortSignal;
  /** For recorded examples: the signing time as YYYYMMDD'T'HHMMSS'Z'. */
  datetime?: string;
}

/**
 * Signs one S3 request with aws4fetch's SigV4 signer. Unlike aws4fetch's S3 default (UNSIGNED-PAYLOAD),
 * the body's SHA-256 is signed, so the service rejects a body changed on the way; and every header we
 * send is signed (content-type included), not only the ones aws4fetch signs by default.
 */
export function signS3(client: AwsClient, url: URL, init: SignInit): Promise<Request> {
  return client.sign(url, {
    method: init.method,
    headers: { ...init.headers, 'x-amz-content-sha256': sha256Hex(init.body ?? '') },
    // A Buffer is a Uint8Array over an ArrayBuffer; fetch's types want that spelled out.
    body: init.body as Uint8Array<ArrayBuffer> | string | undefined,
    signal: init.signal,
    aws: { allHeaders: true, ...(init.datetime ? { datetime: init.datetime } : {}) },
  });
}

/** Any S3-compatible bucket, through fetch and aws4fetch's SigV4 signer: PutObject, GetObject, DeleteObject. */
export class S3Storage implements FileStorage {
  private readonly base: URL;
  private readonly client: AwsClient;
  private readonly doFetch: (request: Request) => Promise<Response>;

  constructor(private readonly options: S3Options) {
    this.base = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
    // No retries inside the signer: a failed call fails loudly to the caller, as with the local driver.
    this.client = new AwsClient({ ...options.credentials, service: 's3', region: options.region, retries: 0 });
    this.doFetch = options.fetch ?? ((request) => fetch(request));
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
    const signed = await signS3(this.client, url, {
      method,
      headers: contentType ? { 'content-type': contentType } : {},
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
    });
    return this.doFetch(signed);
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
