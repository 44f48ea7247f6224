import { ErrorCode, ErrorEnvelope } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';

// Issue 29 §2.4: the sandbox identity provider's page was served under /api and refused a missing or wrong
// token with an HTML page, among JSON endpoints. It is a page (the web app frames it), so it moved out of /api
// (docs/decisions/0097): under /api that path now refuses like any other, with the error envelope.

const OLD = '/api/player/services/sumsub/sandbox';
const PAGE = '/kyc/sandbox';

let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp();
});
afterAll(() => t.close());

describe(`the sandbox verification page (${databaseKind})`, () => {
  it('under /api: the error envelope, whatever the token', async () => {
    const { auth } = await registerPlayer(t);
    const start = await t.call('POST', '/api/player/services/sumsub/auth', { token: auth.accessToken });
    for (const query of ['', '?token=', '?token=nope', `?token=${start.json.token}`]) {
      const res = await t.request({ method: 'GET', url: `${OLD}${query}` });
      expect(res.status, query).toBe(404);
      expect(res.headers['content-type'], query).toMatch(/^application\/json/);
      expect(ErrorEnvelope.parse(res.json).error.code, query).toBe(ErrorCode.notFound);
    }
  });

  it('is a page: HTML for a current token, an HTML 404 with the same frame rules for any other', async () => {
    const { auth } = await registerPlayer(t);
    const start = () =>
      t.call('POST', '/api/player/services/sumsub/auth', { token: auth.accessToken }).then((r) => r.json.token);
    const replaced = await start();
    const current = await start();
    const page = await t.request({ method: 'GET', url: `${PAGE}?token=${current}` });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Verification in progress');
    for (const query of ['', '?token=nope', `?token=sandbox_${'A'.repeat(32)}`, `?token=${replaced}`]) {
      const res = await t.request({ method: 'GET', url: `${PAGE}${query}` });
      expect(res.status, query).toBe(404);
      expect(res.headers['content-type'], query).toMatch(/^text\/html/);
      expect(res.headers['x-frame-options'], query).toBe('SAMEORIGIN');
      expect(res.body, query).toContain('not valid');
    }
  });
});
