import { z } from 'zod';
import { ZApiError } from '../../shared/errors.js';
import type { CatalogRoute } from '../common/route-catalog.js';
import { isMediaBody, type RouteAnswer } from '../common/route-outputs.js';
import { TAG_DESCRIPTIONS } from './tag-descriptions.js';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description: string }>;
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

/**
 * Schemas named with `.meta({ id })` become components, referenced wherever they appear, so a generated client has one
 * type per name. A request's schemas are read as input (defaults optional), an answer's as output (every field there,
 * no other): the two of one name may differ, so an input's takes the suffix `Input`.
 */
class Components {
  readonly schemas: Record<string, JsonSchema> = { ApiError: convert(ZApiError, 'output').schema };

  of(schema: z.ZodType | undefined, io: 'input' | 'output'): JsonSchema {
    if (!schema) return {};
    const { schema: json, defs } = convert(schema, io);
    const suffix = io === 'input' ? 'Input' : '';
    const rename = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rename);
      if (!value || typeof value !== 'object') return value;
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) =>
          key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
            ? [key, `#/components/schemas/${inner.slice('#/$defs/'.length)}${suffix}`]
            : [key, rename(inner)],
        ),
      );
    };
    for (const [id, def] of Object.entries(defs)) this.schemas[`${id}${suffix}`] ??= rename(def) as JsonSchema;
    return rename(json) as JsonSchema;
  }
}

function convert(schema: z.ZodType, io: 'input' | 'output'): { schema: JsonSchema; defs: Record<string, JsonSchema> } {
  try {
    const {
      $schema: _,
      $defs: defs = {},
      ...rest
    } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    // A schema that is itself named comes as a reference to its own definition.
    return { schema: rest, defs };
  } catch {
    // A schema JSON Schema cannot express (a refinement over a transform…): described as any JSON.
    return { schema: {}, defs: {} };
  }
}

/** An object schema's properties as parameters of one place; another shape as one exploded object parameter. */
function parametersOf(
  components: Components,
  schema: z.ZodType | undefined,
  place: 'path' | 'query' | 'header',
): JsonSchema[] {
  if (!schema) return [];
  const json = components.of(schema, 'input');
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

function requestBodyOf(components: Components, route: CatalogRoute): JsonSchema | undefined {
  const { body, multipart, bytes } = route.inputs;
  if (bytes) {
    return { required: true, content: { [bytes]: { schema: { type: 'string', contentMediaType: bytes } } } };
  }
  if (multipart) {
    const fields = components.of(multipart.fields, 'input');
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
  return { required: true, content: { 'application/json': { schema: components.of(body, 'input') } } };
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

/** The methods whose requests Fastify reads a body of, when one is sent. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The refusals a route's inputs and guards imply, whatever it declares. */
function inferredRefusals(route: CatalogRoute, apiKeyRatePerMinute: number): Record<number, string> {
  const { inputs } = route;
  const refusals: Record<number, string> = {};
  // The input gate refuses text PostgreSQL cannot store anywhere in a request, before any route's own checks.
  refusals[400] =
    inputs.body || inputs.query || inputs.params || inputs.multipart || inputs.headers || inputs.bytes
      ? 'The input is invalid: `fields` names each field at fault and why.'
      : 'The request holds text the API cannot store (`invalid_input`: a NUL, bytes that are not UTF-8).';
  if (route.authenticated) {
    refusals[401] = 'No valid session: sign in or refresh the token.';
    refusals[403] = route.permission
      ? `The workspace is not the caller's, or the caller's role lacks \`${route.permission}\`.`
      : "The workspace named is not the caller's.";
  }
  if (route.params.length) refusals[404] = 'Nothing of the caller’s store has this id.';
  if (route.keyScope) {
    refusals[429] ??= `Too many calls with this API key (${apiKeyRatePerMinute} a minute): retry after \`Retry-After\`.`;
  }
  if (inputs.multipart || inputs.bytes) {
    refusals[413] = 'The file or body is larger than the route takes.';
    refusals[415] = 'The body is not a media type the route takes.';
  } else if (inputs.body || BODY_METHODS.has(route.method)) {
    // The body parsers answer these before any handler runs, whatever the route, even one that reads no body.
    refusals[413] = 'The body is larger than the API takes (1 MiB).';
    refusals[415] = 'The body is not of a media type the API reads (JSON, a form).';
  }
  refusals[503] = 'The database is unreachable for a moment: retry after `Retry-After` seconds.';
  return refusals;
}

function answerOf(components: Components, answer: RouteAnswer, status: number): JsonSchema {
  const { description, body, headers } = answer;
  const described: JsonSchema = headers
    ? {
        headers: Object.fromEntries(
          Object.entries(headers).map(([name, text]) => [name, { description: text, schema: { type: 'string' } }]),
        ),
      }
    : {};
  if (body === null || status === 204 || (body === undefined && status < 400)) return { description, ...described };
  if (body === undefined) return { ...errorResponse(description), ...described };
  const bodies = [body].flat();
  const content: Record<string, JsonSchema> = {};
  const texts = [description];
  for (const one of bodies) {
    if (isMediaBody(one)) {
      content[one.media] = { schema: {} };
      texts.push(one.description);
    } else {
      content['application/json'] = { schema: components.of(one, 'output') };
    }
  }
  return { description: texts.join(' ').trim(), ...described, content };
}

/**
 * Every status the route answers: its success with its body, its own other answers, and the refusals its inputs and
 * guards imply. A route not described yet (`outputs` null) says only that it succeeds.
 */
function responsesOf(
  components: Components,
  route: CatalogRoute,
  apiKeyRatePerMinute: number,
): Record<string, JsonSchema> {
  const outputs = route.outputs;
  const success = outputs?.status ?? route.status ?? 200;
  const responses: Record<string, JsonSchema> = {};
  for (const [status, description] of Object.entries(inferredRefusals(route, apiKeyRatePerMinute))) {
    responses[status] = errorResponse(description);
  }
  responses[String(success)] = outputs
    ? answerOf(
        components,
        {
          description: outputs.description ?? (success === 204 ? 'Done, nothing to return.' : 'Success.'),
          body: outputs.body,
          headers: outputs.headers,
        },
        success,
      )
    : { description: success === 204 ? 'Done, nothing to return.' : 'Success.' };
  for (const [status, answer] of Object.entries(outputs?.answers ?? {})) {
    responses[status] = answerOf(components, answer, Number(status));
  }
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

const WORKSPACE_HEADER = {
  name: 'X-Workspace-ID',
  in: 'header',
  required: false,
  description: "The workspace to act in, one of the user's; the user's first workspace when absent.",
  schema: { type: 'string', format: 'uuid' },
};

/** OpenAPI 3.1 from the route catalogue: every route's inputs from the same zod schemas the API validates with. */
export function buildOpenApiDocument(
  routes: CatalogRoute[],
  options: { version: string; url: string; apiKeyRatePerMinute: number },
) {
  const paths: OpenApiDocument['paths'] = {};
  const components = new Components();
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
      responses: responsesOf(components, route, options.apiKeyRatePerMinute),
    };
    const parameters = [
      ...parametersOf(components, route.inputs.params, 'path'),
      ...parametersOf(components, route.inputs.query, 'query'),
      ...parametersOf(components, route.inputs.headers, 'header'),
      ...(route.authenticated ? [WORKSPACE_HEADER] : []),
    ];
    if (parameters.length) operation.parameters = parameters;
    const body = requestBodyOf(components, route);
    if (body) operation.requestBody = body;
    // A public operation says so: no security requirement, whatever a client's default is.
    operation.security = route.authenticated
      ? [{ cookieAuth: [] }, { jwtHeader: [] }, ...(route.keyScope ? [{ apiKey: [route.keyScope] }] : [])]
      : [];
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
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: options.url }],
    tags: [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? '' })),
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: {
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'access_token' },
        jwtHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: '`JWT <access token>` from `POST /api/auth/token-obtain/`.',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'vr_…',
          description:
            "A store's API key (Settings → API keys): `Authorization: Bearer vr_…`. It acts for its store only, on the " +
            'operations that list it, with the scope they name (`reviews:read`, `reviews:write`, `requests:write`, ' +
            '`analytics:read`, `webhooks:write`); 600 calls a minute per key.',
        },
      },
    },
  };
  return document;
}
