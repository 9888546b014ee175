import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

/** A body other than JSON: its media type and what it holds (a CSV file, a page, a script). */
export interface MediaBody {
  media: string;
  description: string;
}

/** One answer a route gives: what it means, and its body (`null`: none; omitted on a refusal: the API's error body). */
export interface RouteAnswer {
  description: string;
  body?: z.ZodType | MediaBody | null;
}

/**
 * What a route answers, for the API document and the contract suite that checks every real answer against it. `body`
 * is the success body (a zod schema of the JSON, `null` for none); `answers` adds the route's own other statuses: a
 * second success (202 queued), a redirect, a refusal its inputs and guards do not imply (409, 413, 429…). The
 * catalogue adds those it can infer: 400 for a route with inputs, 401 and 403 behind the session guard, 404 for a
 * path with ids, 503 everywhere.
 */
export interface RouteOutputs {
  body: z.ZodType | MediaBody | null;
  /** The success's status when it is not the route's own (`@HttpCode`, else 201 for POST and 200 otherwise). */
  status?: number;
  description?: string;
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
