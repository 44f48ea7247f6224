import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf } from '../envelope.ts';
import { Constants, Country, Currency, Locale, PlayerInit } from '../settings.ts';
import { Health, Readiness, SiteSettings } from '../site.ts';

const tags = ['settings'];

export const settingsEndpoints = {
  currencies: defineEndpoint({
    method: 'GET',
    path: '/api/settings/currencies',
    auth: 'guest',
    summary: 'Currencies with rates against the base currency; visible=1 keeps the visible ones.',
    tags,
    query: z.object({ visible: z.enum(['0', '1', 'true', 'false']).optional() }),
    response: dataOf(z.array(Currency)),
  }),
  locales: defineEndpoint({
    method: 'GET',
    path: '/api/settings/locales',
    auth: 'guest',
    summary: 'Site locales; the one with isDefault is the fallback.',
    tags,
    response: dataOf(z.array(Locale)),
  }),
  countries: defineEndpoint({
    method: 'GET',
    path: '/api/settings/countries',
    auth: 'guest',
    summary: 'Countries with locale, calling code, currency and geo restriction.',
    tags,
    response: dataOf(z.array(Country)),
  }),
  constants: defineEndpoint({
    method: 'GET',
    path: '/api/settings/constants',
    auth: 'guest',
    summary: 'Every status list the client labels.',
    tags,
    response: dataOf(Constants),
  }),
  site: defineEndpoint({
    method: 'GET',
    path: '/api/settings/site',
    auth: 'guest',
    summary: 'Feature switches and timings the web app needs before it renders.',
    tags,
    response: dataOf(SiteSettings),
  }),
  playerInit: defineEndpoint({
    method: 'GET',
    path: '/api/player/init',
    auth: 'guest',
    summary: 'Visitor geo: country from cf-ipcountry, IP from cf-connecting-ip, restriction flag.',
    tags: ['player'],
    response: dataOf(PlayerInit),
  }),
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    auth: 'guest',
    summary: 'Liveness: the process answers.',
    tags: ['operations'],
    response: Health,
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/api/health/ready',
    auth: 'guest',
    summary: 'Readiness: the database answers a query.',
    tags: ['operations'],
    response: Readiness,
  }),
};
