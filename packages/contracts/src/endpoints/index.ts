import { contentEndpoints } from './content.ts';
import { settingsEndpoints } from './settings.ts';

/** Every operation of the public API, by group. The server, the OpenAPI document and the client read this. */
export const endpoints = {
  settings: settingsEndpoints,
  content: contentEndpoints,
};
export type Endpoints = typeof endpoints;
