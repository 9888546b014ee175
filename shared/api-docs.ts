import { z } from 'zod';

// What `GET /api/docs/openapi.json` answers: an OpenAPI 3.1 document (server/api-docs/openapi.document.ts builds it).
// Its operations and schemas are OpenAPI's and JSON Schema's own objects, described by those specifications, so they
// are left open here.

/** Any JSON object (typed `object`, so the server's own interfaces of them fit). */
const ZOpen: z.ZodType<object> = z.looseObject({});

export const ZOpenApiDocument = z
  .object({
    openapi: z.literal('3.1.0'),
    info: z.object({
      title: z.string(),
      /** The server's package version. */
      version: z.string(),
      description: z.string(),
      license: z.object({ name: z.string(), identifier: z.string() }),
    }),
    servers: z.array(z.object({ url: z.string() })),
    tags: z.array(z.object({ name: z.string(), description: z.string() })),
    /** Path → method → OpenAPI operation. */
    paths: z.record(z.string(), z.record(z.string(), ZOpen)),
    components: z.object({
      /** Name → JSON Schema (draft 2020-12). */
      schemas: z.record(z.string(), ZOpen),
      securitySchemes: z.record(z.string(), ZOpen),
    }),
  })
  .meta({ id: 'OpenApiDocument' });
export type TOpenApiDocument = z.output<typeof ZOpenApiDocument>;
