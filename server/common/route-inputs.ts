import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

/**
 * The zod schemas of what a route reads, for the route catalog (and what is built on it: the isolation matrix, the
 * fuzzing suite, an API description). Routes that validate through ZodPipe need nothing more; these declare what a
 * handler parses itself.
 */
export interface RouteInputs {
  body?: z.ZodType;
  query?: z.ZodType;
  /** An object schema of the path parameters. */
  params?: z.ZodType;
  /** A multipart/form-data body: its text fields, and the names of its file fields. */
  multipart?: { fields?: z.ZodType; files: string[] };
  /** An object schema of the request headers the handler reads (a protocol's, such as tus). */
  headers?: z.ZodType;
  /** A body of raw bytes, streamed by the handler: its media type. */
  bytes?: string;
}

export const ROUTE_INPUTS = 'routeInputs';

/** On a controller method that parses (some of) its input itself. */
export const Inputs = (inputs: RouteInputs) => SetMetadata(ROUTE_INPUTS, inputs);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The same, on a plain Fastify route. */
    inputs?: RouteInputs;
  }
}
