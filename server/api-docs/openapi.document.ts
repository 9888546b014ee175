import { z } from 'zod';
import { ZApiError } from '../../shared/errors.js';
import type { CatalogRoute } from '../common/route-catalog.js';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  security?: Array<Record<string, string[]>>;
  'x-permission'?: string;
}

/** The routes the document describes: the JSON API and the widget scripts (pages and media are not API). */
export function isDocumented(route: CatalogRoute): boolean {
  return route.path.startsWith('/api/') || route.path.startsWith('/widget/');
}

/**
 * `/api/reviews/:id` → `/api/reviews/{id}/`: API paths end in a slash as SPEC writes them (the router answers both),
 * except names with an extension (`openapi.json`); a wildcard becomes `{path}`.
 */
export function openApiPath(path: string): string {
  const templated = path.replace(/:(\w+)/g, '{$1}').replace(/\*/g, '{path}');
  const last = templated.split('/').at(-1) ?? '';
  return templated.startsWith('/api/') && last !== '' && !last.includes('.') ? `${templated}/` : templated;
}

function jsonSchema(schema: z.ZodType | undefined): JsonSchema {
  if (!schema) return {};
  try {
    const { $schema: _, ...rest } = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema;
    return rest;
  } catch {
    // A schema JSON Schema cannot express (a refinement over a transform…): described as any JSON.
    return {};
  }
}

/** An object schema's properties as parameters of one place; another shape as one exploded object parameter. */
function parametersOf(schema: z.ZodType | undefined, place: 'path' | 'query' | 'header'): JsonSchema[] {
  if (!schema) return [];
  const json = jsonSchema(schema);
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return [{ name: place, in: place, required: place === 'path', schema: json, style: 'form' }];
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || required.has(name),
    schema: property,
  }));
}

function requestBodyOf(route: CatalogRoute): JsonSchema | undefined {
  const { body, multipart, bytes } = route.inputs;
  if (bytes) {
    return { required: true, content: { [bytes]: { schema: { type: 'string', contentMediaType: bytes } } } };
  }
  if (multipart) {
    const fields = jsonSchema(multipart.fields);
    const properties: Record<string, JsonSchema> = { ...((fields.properties as Record<string, JsonSchema>) ?? {}) };
    for (const file of multipart.files) {
      properties[file] = { type: 'string', contentMediaType: 'application/octet-stream' };
    }
    return {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties, required: fields.required ?? [] } } },
    };
  }
  if (!body) return undefined;
  return { required: true, content: { 'application/json': { schema: jsonSchema(body) } } };
}

/** `ReviewsController.bulkModerate` → "Bulk moderate"; a plain route → "GET /widget/v1/{file}". */
function summaryOf(route: CatalogRoute): string {
  const method = route.handler?.split('.')[1];
  if (!method) return `${route.method} ${openApiPath(route.path)}`;
  const words = method.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `/api/reviews/…` → reviews; `/api/auth/users/me/` → auth; `/widget/…` → widget. */
function tagOf(path: string): string {
  const [first, second] = path.split('/').filter(Boolean);
  return first === 'api' ? (second ?? 'api') : first;
}

function operationIdOf(route: CatalogRoute, taken: Set<string>): string {
  const base =
    route.handler?.replace('Controller.', '.').replace(/^./, (c) => c.toLowerCase()) ??
    `${route.method.toLowerCase()}${openApiPath(route.path).replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string = '') => c.toUpperCase())}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  taken.add(id);
  return id;
}

const ERROR = { $ref: '#/components/schemas/ApiError' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ERROR } } });

function responsesOf(route: CatalogRoute): Record<string, JsonSchema> {
  const status = String(route.status ?? 200);
  const responses: Record<string, JsonSchema> = {
    [status]: { description: status === '204' ? 'Done, nothing to return.' : 'Success.' },
    '4XX': errorResponse('Refused: `detail` says why, `code` is stable, `fields` names the fields at fault.'),
    '503': errorResponse('The database is unreachable for a moment: retry after `Retry-After` seconds.'),
  };
  if (route.authenticated) responses['401'] = errorResponse('No valid session: sign in or refresh the token.');
  return responses;
}

const WORKSPACE_HEADER = {
  name: 'X-Workspace-ID',
  in: 'header',
  required: false,
  description: "The workspace to act in, one of the user's; the user's first workspace when absent.",
  schema: { type: 'string', format: 'uuid' },
};

/** OpenAPI 3.1 from the route catalogue: every route's inputs from the same zod schemas the API validates with. */
export function buildOpenApiDocument(routes: CatalogRoute[], options: { version: string; url: string }) {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const ids = new Set<string>();
  const documented = routes.filter(isDocumented).sort((a, b) => a.path.localeCompare(b.path));
  for (const route of documented) {
    const tag = tagOf(route.path);
    tags.add(tag);
    const operation: OpenApiOperation = {
      operationId: operationIdOf(route, ids),
      summary: summaryOf(route),
      tags: [tag],
      responses: responsesOf(route),
    };
    const parameters = [
      ...parametersOf(route.inputs.params, 'path'),
      ...parametersOf(route.inputs.query, 'query'),
      ...parametersOf(route.inputs.headers, 'header'),
      ...(route.authenticated ? [WORKSPACE_HEADER] : []),
    ];
    if (parameters.length) operation.parameters = parameters;
    const body = requestBodyOf(route);
    if (body) operation.requestBody = body;
    if (route.authenticated) operation.security = [{ cookieAuth: [] }, { jwtHeader: [] }];
    if (route.permission) operation['x-permission'] = route.permission;
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation;
  }
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Video Reviews API',
      version: options.version,
      description:
        'The JSON API of the dashboard, the storefront widget and the store platforms. Every failure answers ' +
        '`{detail, code, fields?}`. Dashboard calls are authenticated by the `access_token` cookie the sign-in ' +
        'sets (writes from a browser must come from the app’s own origin), or by `Authorization: JWT <access token>`.',
    },
    servers: [{ url: options.url }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: jsonSchema(ZApiError) },
      securitySchemes: {
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'access_token' },
        jwtHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: '`JWT <access token>` from `POST /api/auth/token-obtain/`.',
        },
      },
    },
  };
  return document;
}
