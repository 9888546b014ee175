import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

/** A body other than JSON: its media type and what it holds (a CSV file, a page, a script). */
export interface MediaBody {
  media: string;
  description: string;
}

/** A body: a zod schema of the JSON, or another media type's. */
export type RouteBody = z.ZodType | MediaBody;

/**
 * One answer a route gives: what it means, and its body (`null`: none; omitted on a refusal: the API's error body; a
 * list: the media types the client may choose among, such as JSON or CSV).
 */
export interface RouteAnswer {
  description: string;
  body?: RouteBody | RouteBody[] | null;
  /** The headers it carries that a client reads (a protocol's, such as tus's `Location`): name → what it holds. */
  headers?: Record<string, string>;
}

/**
 * What a route answers, for the API document and the contract suite that checks every real answer against it. `body`
 * is the success body (a zod schema of the JSON, `null` for none); `answers` adds the route's own other statuses: a
 * second success (202 queued), a redirect, a refusal its inputs and guards do not imply (409, 413, 429…). The
 * catalogue adds those it can infer: 400 for a route with inputs, 401 and 403 behind the session guard, 404 for a
 * path with ids, 503 everywhere.
 */
export interface RouteOutputs {
  body: RouteBody | RouteBody[] | null;
  /** The success's status when it is not the route's own (`@HttpCode`, else 201 for POST and 200 otherwise). */
  status?: number;
  description?: string;
  /** The success's headers a client reads (see RouteAnswer). */
  headers?: Record<string, string>;
  answers?: Record<number, RouteAnswer>;
}

export const ROUTE_OUTPUTS = 'routeOutputs';

/** On a controller method: what it answers (see RouteOutputs). */
export const Answers = (body: RouteOutputs['body'], more: Omit<RouteOutputs, 'body'> = {}) =>
  SetMetadata(ROUTE_OUTPUTS, { body, ...more } satisfies RouteOutputs);

export function isMediaBody(body: RouteAnswer['body']): body is MediaBody {
  return typeof body === 'object' && body !== null && 'media' in body;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The same, on a plain Fastify route. */
    outputs?: RouteOutputs;
  }
}
