import { type Endpoint, ErrorEnvelope } from '@croupier/contracts';
import { z } from 'zod';
import type { Config } from '../../config.ts';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;

const securityOf = (e: Endpoint) =>
  e.auth === 'guest'
    ? []
    : e.auth === 'optional'
      ? [{}, { bearer: [] }]
      : e.auth === 'staff'
        ? [{ staffBearer: [] }, { staffCookie: [] }]
        : [{ bearer: [] }];

/** OpenAPI 3 document generated from the same zod schemas the server validates with. */
export function buildOpenApi(config: Config, endpoints: readonly Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = {
    description: 'Error envelope',
    content: { 'application/json': { schema: jsonSchema(ErrorEnvelope, 'output') } },
  };
  for (const e of endpoints) {
    const name = `${e.method.toLowerCase()}${e.path.replace(/^\/api/, '').replace(/[/:](\w)/g, (_, c: string) => c.toUpperCase())}`;
    const path = e.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', e.params],
      ['query', e.query],
    ] as const) {
      const props = schema
        ? (jsonSchema(schema, 'input').properties as Record<string, unknown> | undefined)
        : undefined;
      const required = schema ? ((jsonSchema(schema, 'input').required as string[] | undefined) ?? []) : [];
      for (const [key, s] of Object.entries(props ?? {})) {
        parameters.push({ name: key, in: where, required: where === 'path' || required.includes(key), schema: s });
      }
    }
    paths[path] ??= {};
    paths[path][e.method.toLowerCase()] = {
      operationId: name,
      summary: e.summary,
      tags: e.tags,
      security: securityOf(e),
      // The back office's permission (backoffice-api.md §3): without it the answer is 403 with 20003.
      ...(e.permission ? { 'x-permission': e.permission } : {}),
      parameters,
      ...(e.body
        ? {
            requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(e.body, 'input') } } },
          }
        : {}),
      responses: {
        200: { description: 'OK', content: { 'application/json': { schema: jsonSchema(e.response, 'output') } } },
        '4XX': error,
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Croupier player API', version: config.version },
    servers: [{ url: config.publicUrl }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        // Staff (backoffice-api.md §1): an opaque token as a bearer, or the back office's HttpOnly cookie.
        staffBearer: { type: 'http', scheme: 'bearer', description: 'A staff access token.' },
        staffCookie: { type: 'apiKey', in: 'cookie', name: 'croupier_staff' },
      },
    },
    paths,
  };
}
