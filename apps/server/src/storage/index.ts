import { join } from 'node:path';
import { type Config, ConfigError } from '../config.ts';
import { LocalStorage } from './local.ts';
import type { FileStorage } from './port.ts';
import { S3Storage } from './s3.ts';

export type { FileStorage } from './port.ts';

/** The file storage the configuration asks for: DATA_DIR/files, or an S3-compatible bucket. */
export function createStorage(config: Config): FileStorage {
  if (config.STORAGE_DRIVER === 'local') return new LocalStorage(localFilesDir(config));
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !config[k]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when STORAGE_DRIVER is s3`).join('\n')}`,
    );
  }
  return new S3Storage({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET!,
    credentials: { accessKeyId: config.S3_ACCESS_KEY_ID!, secretAccessKey: config.S3_SECRET_ACCESS_KEY! },
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

export const localFilesDir = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'files');
