import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../src/storage/local.ts';
import { UnsafeKeyError } from '../../src/storage/port.ts';
import { S3Storage } from '../../src/storage/s3.ts';
import { signV4 } from '../../src/storage/sigv4.ts';
import { filesUnder, startServer } from './helpers.ts';

// AWS's published S3 examples: https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
const exampleDate = new Date('2013-05-24T00:00:00Z');
const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const scope = 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request';
const sign = (method: string, url: string, payloadHash: string, headers: Record<string, string> = {}) =>
  signV4({
    method,
    url: new URL(url),
    headers,
    payloadHash,
    region: 'us-east-1',
    service: 's3',
    credentials,
    date: exampleDate,
  });

describe('AWS Signature Version 4', () => {
  it('signs the "GET Object" example', () => {
    const headers = sign('GET', 'https://examplebucket.s3.amazonaws.com/test.txt', emptyHash, { Range: 'bytes=0-9' });
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=${scope},SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,` +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    expect(headers['x-amz-content-sha256']).toBe(emptyHash);
    expect(headers.host).toBeUndefined();
  });

  it('signs the "PUT Object" example (encoded key, extra headers, payload hash)', () => {
    const body = 'Welcome to Amazon S3.';
    const hash = createHash('sha256').update(body).digest('hex');
    expect(hash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const headers = sign('PUT', 'https://examplebucket.s3.amazonaws.com/test%24file.text', hash, {
      Date: 'Fri, 24 May 2013 00:00:00 GMT',
      'x-amz-storage-class': 'REDUCED_REDUNDANCY',
    });
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=${scope},SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,` +
        'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('signs the "GET Bucket Lifecycle" and "Get Bucket (List Objects)" examples (query strings)', () => {
    expect(sign('GET', 'https://examplebucket.s3.amazonaws.com/?lifecycle', emptyHash).authorization).toContain(
      'Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    );
    expect(
      sign('GET', 'https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2', emptyHash).authorization,
    ).toContain('Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });
});

describe('local file storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'croupier-storage-'));
  const storage = new LocalStorage(root);

  it('stores, reads, replaces and deletes files under its root, leaving no temporary file', async () => {
    await storage.put('documents/a.pdf', Buffer.from('one'), 'application/pdf');
    await storage.put('documents/a.pdf', Buffer.from('two'), 'application/pdf');
    expect(Buffer.from((await storage.get('documents/a.pdf'))!).toString()).toBe('two');
    expect(readFileSync(join(root, 'documents', 'a.pdf'), 'utf8')).toBe('two');
    expect(filesUnder(root)).toEqual(['documents/a.pdf']);
    await storage.delete('documents/a.pdf');
    await storage.delete('documents/a.pdf');
    expect(await storage.get('documents/a.pdf')).toBeNull();
    expect(filesUnder(root)).toEqual([]);
  });

  it('refuses keys that could leave the root or hide files', async () => {
    for (const key of [
      '../escape',
      'a/../../b',
      '/etc/passwd',
      'a//b',
      '.hidden',
      'a/.tmp-x',
      '',
      'a\\b',
      'a/b/',
      'ä',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toBeInstanceOf(UnsafeKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(UnsafeKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(UnsafeKeyError);
    }
    expect(filesUnder(root)).toEqual([]);
  });
});

describe('S3-compatible storage against a local server', () => {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const seen: { method: string; host: string; path: string }[] = [];
  let server: Awaited<ReturnType<typeof startServer>>;
  const s3Credentials = { accessKeyId: 'test-access', secretAccessKey: 'test-secret/key+1' };

  /** Re-signs what arrived and compares: method, path, query, signed headers and payload hash. */
  function verify(req: IncomingMessage, body: Buffer): string | null {
    const auth = String(req.headers.authorization ?? '');
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    if (payloadHash !== createHash('sha256').update(body).digest('hex')) return 'payload hash';
    const amzDate = String(req.headers['x-amz-date']);
    const date = new Date(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
    const headers: Record<string, string> = {};
    for (const name of signedHeaders) {
      if (!['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name)) headers[name] = String(req.headers[name]);
    }
    const expected = signV4({
      method: req.method!,
      url: new URL(req.url!, `http://${req.headers.host}`),
      headers,
      payloadHash,
      region: 'eu-central-1',
      service: 's3',
      credentials: s3Credentials,
      date,
    }).authorization;
    if (!signedHeaders.includes('host') || expected !== auth) return 'signature';
    if (!auth.includes('/eu-central-1/s3/aws4_request')) return 'scope';
    return null;
  }

  beforeAll(async () => {
    server = await startServer((req, res, body) => {
      const problem = verify(req, body);
      if (problem) {
        res.writeHead(403).end(`<Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`);
        return;
      }
      const host = String(req.headers.host);
      const path = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
      seen.push({ method: req.method!, host, path });
      // One store for both styles: path style names the bucket first, virtual-host style in the host.
      const id = host.startsWith('croupier-docs.') ? `/croupier-docs${path}` : path;
      if (!id.startsWith('/croupier-docs/'))
        return void res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
      if (req.method === 'PUT') {
        objects.set(id, { body, contentType: String(req.headers['content-type']) });
        return void res.writeHead(200, { etag: '"x"' }).end();
      }
      const object = objects.get(id);
      if (req.method === 'GET') {
        if (!object) return void res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        return void res.writeHead(200, { 'content-type': object.contentType }).end(object.body);
      }
      if (req.method === 'DELETE') {
        objects.delete(id);
        return void res.writeHead(204).end();
      }
      res.writeHead(405).end();
    });
  });
  afterAll(() => server.close());

  it('puts, gets and deletes with path-style addressing', async () => {
    const s3 = new S3Storage({
      endpoint: server.url,
      region: 'eu-central-1',
      bucket: 'croupier-docs',
      credentials: s3Credentials,
      forcePathStyle: true,
    });
    const bytes = Buffer.from('%PDF-1.4 path style');
    await s3.put('documents/p-1.pdf', bytes, 'application/pdf');
    expect(seen.at(-1)).toEqual({
      method: 'PUT',
      host: `127.0.0.1:${server.port}`,
      path: '/croupier-docs/documents/p-1.pdf',
    });
    expect(objects.get('/croupier-docs/documents/p-1.pdf')).toEqual({ body: bytes, contentType: 'application/pdf' });
    expect(Buffer.from((await s3.get('documents/p-1.pdf'))!)).toEqual(bytes);
    await s3.delete('documents/p-1.pdf');
    expect(seen.at(-1)?.method).toBe('DELETE');
    expect(await s3.get('documents/p-1.pdf')).toBeNull();
    await s3.delete('documents/p-1.pdf');
  });

  it('puts and gets with virtual-host addressing (bucket in the host name)', async () => {
    // The bucket's host name does not resolve here: send to 127.0.0.1 with the virtual host in Host.
    const viaLoopback: typeof fetch = (input, init) =>
      new Promise((resolve, reject) => {
        const url = new URL(String(input));
        const req = httpRequest(
          { host: '127.0.0.1', port: url.port, method: init?.method, path: url.pathname + url.search },
          async (res) => {
            const chunks: Buffer[] = [];
            for await (const c of res) chunks.push(c as Buffer);
            const body = [204, 304].includes(res.statusCode!) ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status: res.statusCode }));
          },
        );
        req.setHeader('host', url.host);
        for (const [k, v] of Object.entries((init?.headers ?? {}) as Record<string, string>)) req.setHeader(k, v);
        req.on('error', reject);
        req.end(init?.body ? Buffer.from(init.body as Uint8Array) : undefined);
      });
    const s3 = new S3Storage({
      endpoint: `http://s3.test:${server.port}`,
      region: 'eu-central-1',
      bucket: 'croupier-docs',
      credentials: s3Credentials,
      forcePathStyle: false,
      fetch: viaLoopback,
    });
    expect(s3.urlOf('documents/v-1.png').toString()).toBe(
      `http://croupier-docs.s3.test:${server.port}/documents/v-1.png`,
    );
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    await s3.put('documents/v-1.png', bytes, 'image/png');
    expect(seen.at(-1)).toEqual({
      method: 'PUT',
      host: `croupier-docs.s3.test:${server.port}`,
      path: '/documents/v-1.png',
    });
    expect(Buffer.from((await s3.get('documents/v-1.png'))!)).toEqual(bytes);
    await s3.delete('documents/v-1.png');
    expect(objects.has('/croupier-docs/documents/v-1.png')).toBe(false);
  });

  it('fails loudly on a refused request (wrong secret) and refuses unsafe keys before sending', async () => {
    const s3 = new S3Storage({
      endpoint: server.url,
      region: 'eu-central-1',
      bucket: 'croupier-docs',
      credentials: { ...s3Credentials, secretAccessKey: 'wrong' },
      forcePathStyle: true,
    });
    await expect(s3.put('documents/x.pdf', Buffer.from('x'), 'application/pdf')).rejects.toThrow(/HTTP 403/);
    const before = seen.length;
    await expect(s3.get('../other-bucket/secret')).rejects.toBeInstanceOf(UnsafeKeyError);
    expect(seen.length).toBe(before);
  });
});
