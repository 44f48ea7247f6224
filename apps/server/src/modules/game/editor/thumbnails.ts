import { randomBytes } from 'node:crypto';
import {
  ApiError,
  ErrorCode,
  THUMBNAIL_DENSITIES,
  THUMBNAIL_MAX_BYTES,
  THUMBNAIL_MIN_SIDE,
  THUMBNAIL_SIZES,
} from '@croupier/contracts';
import sharp from 'sharp';
import type { FileStorage } from '../../../storage/port.ts';

// Uploaded game thumbnails (issue 27, decision in docs: game catalogue editor). The file is judged by its bytes
// (magic number, then a full decode by sharp/libvips), never by its name or declared type; it is re-encoded, so
// nothing of the upload but its pixels reaches a player (no metadata, no polyglot payload).

/** Where the lobby loads a version's files: the Game's `customImages` folder (imagesOf adds `/{size}@{n}x.png`). */
export const THUMBNAIL_ROUTE = '/api/game/thumbnails';

const invalidFile = (message: string) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', { file: [message] });

type Format = 'jpeg' | 'png' | 'webp';

/** The format the bytes say they are, or null: JPEG, PNG and WebP only (no SVG: it is a document, not pixels). */
export function sniffImage(bytes: Uint8Array): Format | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

/** The storage key of one file of a thumbnail version (keys allow no '@': `200x300@2x.png` is kept as `200x300-2x.png`). */
export const thumbnailKey = (gameId: string, version: string, file: string) =>
  `games/${gameId}/${version}/${file.replace('@', '-')}`;

const fileName = (size: string, density: number) => `${size}@${density}x.png`;

/** Every file name a version has (200x300 and 200x200 at 1x, 2x, 3x). */
export const THUMBNAIL_FILES = THUMBNAIL_SIZES.flatMap((size) => THUMBNAIL_DENSITIES.map((d) => fileName(size, d)));

/**
 * The six thumbnails of an upload: decoded (refused with 422 on `file` unless a real JPEG, PNG or WebP of at
 * least 200 px a side and at most 25 megapixels), turned upright, cropped to fill each size and re-encoded as PNG.
 */
export async function renderThumbnails(bytes: Uint8Array): Promise<Map<string, Buffer>> {
  if (bytes.length === 0) throw invalidFile('Choose an image file.');
  if (bytes.length > THUMBNAIL_MAX_BYTES) {
    throw ApiError.of(ErrorCode.payloadTooLarge, 'The file is too large: at most 5 MiB.', {
      file: ['The file is too large.'],
    });
  }
  const format = sniffImage(bytes);
  if (!format) throw invalidFile('The file is not a JPEG, PNG or WebP image.');
  const source = sharp(bytes, { limitInputPixels: 25_000_000, failOn: 'error', animated: false });
  let meta: Awaited<ReturnType<typeof source.metadata>>;
  try {
    meta = await source.metadata();
  } catch {
    throw invalidFile('The image could not be read: it is damaged.');
  }
  if (meta.format !== format) throw invalidFile('The file is not a JPEG, PNG or WebP image.');
  const { width, height } = meta.autoOrient;
  if (width < THUMBNAIL_MIN_SIDE || height < THUMBNAIL_MIN_SIDE) {
    throw invalidFile(`The image must be at least ${THUMBNAIL_MIN_SIDE} × ${THUMBNAIL_MIN_SIDE} pixels.`);
  }
  if (width * height > 25_000_000) throw invalidFile('The image may have at most 25 megapixels.');
  const out = new Map<string, Buffer>();
  try {
    for (const size of THUMBNAIL_SIZES) {
      const [w, h] = size.split('x').map(Number) as [number, number];
      for (const density of THUMBNAIL_DENSITIES) {
        // Decoding happens here: a truncated or corrupt file fails now, before anything is stored.
        const png = await source
          .clone()
          .autoOrient()
          .resize(w * density, h * density, { fit: 'cover', position: 'centre' })
          .png({ compressionLevel: 8 })
          .toBuffer();
        out.set(fileName(size, density), png);
      }
    }
  } catch {
    throw invalidFile('The image could not be read: it is damaged.');
  }
  return out;
}

/** Stores a new version of a game's thumbnails; answers its folder path for `customImagePath`. */
export async function storeThumbnails(
  storage: FileStorage,
  gameId: string,
  files: Map<string, Buffer>,
): Promise<{ version: string; path: string }> {
  const version = randomBytes(8).toString('hex');
  for (const [file, bytes] of files) await storage.put(thumbnailKey(gameId, version, file), bytes, 'image/png');
  return { version, path: `${THUMBNAIL_ROUTE}/${gameId}/${version}` };
}

/** The version of an uploaded thumbnail path, or null for any other path (the hub's, a seeded one). */
export function versionOf(gameId: string, path: string | null): string | null {
  const prefix = `${THUMBNAIL_ROUTE}/${gameId}/`;
  if (!path?.startsWith(prefix)) return null;
  const version = path.slice(prefix.length);
  return /^[a-z0-9]{8,32}$/.test(version) ? version : null;
}

/** Removes a version's files (best effort: a leftover file is only unused bytes). */
export async function deleteThumbnails(storage: FileStorage, gameId: string, version: string): Promise<void> {
  await Promise.all(
    THUMBNAIL_FILES.map((file) => storage.delete(thumbnailKey(gameId, version, file)).catch(() => undefined)),
  );
}
