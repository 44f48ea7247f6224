import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalStorage } from '../../src/storage/local.ts';
import { UnsafeKeyError } from '../../src/storage/port.ts';
import { filesUnder } from './helpers.ts';

// The S3 adapter's tests (recorded AWS examples and a local S3-compatible server) are in ../storage/s3.test.ts.

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
