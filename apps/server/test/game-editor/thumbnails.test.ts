import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@croupier/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { multipart, type Part } from '../kyc/helpers.ts';
import { nextIp } from '../player/helpers.ts';
import type { TestStaff } from '../staff/helpers.ts';
import { createEditorTestApp, type EditorTestApp } from './helpers.ts';

// Thumbnail upload (issue 27): judged by content, resized to the six sizes of the player-site spec, stored
// through the storage port, served to the lobby as the game's `customImages`.

let t: EditorTestApp;
beforeAll(async () => {
  t = await createEditorTestApp();
});
afterAll(() => t.close());

const reason = 'New artwork';
const file = (data: Buffer, filename = 'art.png', contentType = 'image/png'): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});
const upload = (gameId: string, parts: Part[], staff: TestStaff = t.marketing) => {
  const { payload, contentType } = multipart(parts);
  return t.request({
    method: 'POST',
    url: `/api/backoffice/games/${gameId}/thumbnail`,
    headers: { ...staff.headers, 'cf-connecting-ip': nextIp(), 'content-type': contentType },
    payload,
  });
};
/** A real photo-like image: a gradient, so the resize has something to resample. */
const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fc0"/></svg>`,
        ),
      },
    ])
    .toFormat(format)
    .toBuffer();

describe(`game catalogue editor: thumbnails (${databaseKind})`, () => {
  it('resizes a real upload to 200x300 and 200x200 at 1x, 2x and 3x and serves it to the lobby first', async () => {
    const id = await t.idOf('plinko');
    const res = await upload(id, [
      { name: 'reason', value: reason },
      file(await image(900, 1200), 'whatever.txt', 'text/plain'),
    ]);
    expect(res.status).toBe(200);
    const custom = res.json.data.customImages;
    expect(Object.keys(custom).sort()).toEqual(['200x200', '200x300']);
    const expected = { '200x300': [200, 300], '200x200': [200, 200] } as const;
    for (const [size, [w, h]] of Object.entries(expected)) {
      for (const density of [1, 2, 3] as const) {
        const path = custom[size][`${density}x`] as string;
        expect(path).toMatch(new RegExp(`^/api/game/thumbnails/${id}/[a-z0-9]+/${size}@${density}x\\.png$`));
        const served = await t.app.inject({ method: 'GET', url: path });
        expect(served.statusCode, path).toBe(200);
        expect(served.headers['content-type']).toBe('image/png');
        expect(served.headers['cache-control']).toContain('immutable');
        const meta = await sharp(served.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height], path).toEqual(['png', w * density, h * density]);
      }
    }
    // The lobby (cached) shows it at once, before the hub's images.
    const game = (await t.call('GET', '/api/game/games?identity[]=plinko')).json.data[0];
    expect(game.customImages).toEqual(custom);
    expect(game.images['200x300']['1x']).toBe('/assets/games/plinko/200x300@1x.png');
    const [audit] = await t.audit('game.thumbnail');
    expect(audit).toMatchObject({
      target_id: id,
      reason,
      before: { customImagePath: null },
      after: { customImagePath: expect.stringMatching(`^/api/game/thumbnails/${id}/`) },
    });

    // A second upload replaces the first: the old files are gone.
    const again = await upload(id, [file(await image(400, 400, 'webp')), { name: 'reason', value: reason }]);
    expect(again.status).toBe(200);
    const old = custom['200x300']['1x'];
    expect((await t.request({ method: 'GET', url: old })).status).toBe(404);
    expect((await t.request({ method: 'GET', url: again.json.data.customImages['200x200']['3x'] })).status).toBe(200);
  });

  it('refuses a non-image named .png, a damaged image, a too small one, no file or no reason: 422 on the field', async () => {
    const id = await t.idOf('dice');
    const audited = (await t.audit('game.thumbnail')).length;
    const png = await image(300, 300, 'png');
    const cases: [Part[], string][] = [
      [[file(Buffer.from('%PDF-1.4 not an image at all'), 'art.png'), { name: 'reason', value: reason }], 'file'],
      [
        [file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'art.png'), { name: 'reason', value: reason }],
        'file',
      ],
      [[file(png.subarray(0, 120), 'art.png'), { name: 'reason', value: reason }], 'file'],
      [[file(await image(150, 600), 'art.jpg', 'image/jpeg'), { name: 'reason', value: reason }], 'file'],
      [[{ name: 'reason', value: reason }], 'file'],
      [[file(png)], 'reason'],
      [[file(png), { name: 'reason', value: 'x' }], 'reason'],
    ];
    for (const [parts, field] of cases) {
      const res = await upload(id, parts);
      expect([res.status, res.json.error.code], field).toEqual([422, ErrorCode.validation]);
      expect(Object.keys(res.json.error.fields)).toEqual([field]);
    }
    const json = await t.bo('POST', `/api/backoffice/games/${id}/thumbnail`, { reason });
    expect([json.status, Object.keys(json.json.error.fields)]).toEqual([422, ['file']]);
    const game = (await t.bo('GET', `/api/backoffice/games/${id}`)).json.data;
    expect(game.customImages).toEqual({});
    expect(await t.audit('game.thumbnail')).toHaveLength(audited);
  });

  it('refuses a file over 5 MiB with 413, an unknown game with 404, and a role without catalogue:write with 403', async () => {
    const id = await t.idOf('dice');
    const big = Buffer.concat([await image(300, 300, 'png'), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(id, [{ name: 'reason', value: reason }, file(big)]);
    expect([res.status, res.json.error.code]).toEqual([413, ErrorCode.payloadTooLarge]);
    const unknown = await upload(randomUUID(), [{ name: 'reason', value: reason }, file(await image(300, 300))]);
    expect(unknown.status).toBe(404);
    const finance = await t.staffAs('finance');
    const denied = await upload(id, [{ name: 'reason', value: reason }, file(await image(300, 300))], finance);
    expect([denied.status, denied.json.error.code]).toEqual([403, ErrorCode.staffForbidden]);
    const missing = await t.request({
      method: 'GET',
      url: `/api/game/thumbnails/${id}/0123456789abcdef/200x300@1x.png`,
    });
    expect(missing.status, missing.body).toBe(404);
    const traversal = await t.request({ method: 'GET', url: `/api/game/thumbnails/${id}/..%2F..%2Fx/200x300@1x.png` });
    expect(traversal.status).toBe(404);
  });
});
