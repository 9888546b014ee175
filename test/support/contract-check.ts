import type { INestApplicationContext } from '@nestjs/common';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildOpenApiDocument, isDocumented, openApiPath } from '../../server/api-docs/openapi.document.js';
import type { OpenApiDocument } from '../../server/api-docs/openapi.document.js';
import { routeCatalog, type CatalogRoute } from '../../server/common/route-catalog.js';
import type { AppConfig } from '../../server/config/config.js';
import { APP_CONFIG } from '../../server/config/config.module.js';
import { contractViolations } from './contract-violations.js';

type App = INestApplicationContext & { getHttpAdapter(): { getInstance(): object } };

/**
 * Every answer a test app gives, checked against the API document as it is sent: its status must be one the operation
 * lists, and a JSON body must match that status's schema (ajv, draft 2020-12). Only routes the document describes
 * (`@Answers`) are checked. Installed by startTestApp, so every in-process suite checks the answers it provokes.
 */
export class ContractCheck {
  readonly violations = contractViolations;
  private app?: App;
  private state?: { routes: Map<string, CatalogRoute>; document: OpenApiDocument; ajv: Ajv2020 };
  private readonly validators = new Map<string, ValidateFunction | null>();

  install(fastify: FastifyInstance): void {
    // Registered before the compression plugin: the payload is still the serialized body.
    fastify.addHook('onSend', (request, reply, payload, done) => {
      try {
        this.check(request, reply.statusCode, String(reply.getHeader('content-type') ?? ''), payload);
      } catch (error) {
        this.violations.push(`${request.method} ${request.url}: the check failed: ${(error as Error).message}`);
      }
      done(null, payload);
    });
  }

  attach(app: App): void {
    this.app = app;
  }

  /** Built on the first answer: every route exists by then. */
  private loaded() {
    if (!this.state) {
      const catalog = routeCatalog(this.app!).filter(isDocumented);
      const apiKeyRatePerMinute = this.app!.get<AppConfig>(APP_CONFIG).apiKeys.ratePerMinute;
      const document = buildOpenApiDocument(catalog, { version: 'test', url: 'http://test', apiKeyRatePerMinute });
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats.default(ajv);
      ajv.addSchema({ $id: 'api', components: document.components }, 'api');
      const routes = new Map(catalog.map((route) => [`${route.method} ${route.path}`, route]));
      this.state = { routes, document, ajv };
    }
    return this.state;
  }

  private check(request: FastifyRequest, status: number, type: string, payload: unknown): void {
    if (!this.app) return;
    const { routes, document, ajv } = this.loaded();
    const route = routes.get(`${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url}`);
    // A 405 is the router's answer about the concrete path (server/common/method-not-allowed.ts), not the templated
    // route that matched: OpenAPI matches `/api/auth/users/me` before `/api/auth/users/{id}`.
    if (!route?.outputs || status === 405) return;
    const where = `${request.method} ${route.path} → ${status}`;
    const responses = document.paths[openApiPath(route.path)][route.method.toLowerCase()].responses;
    if (!(String(status) in responses)) {
      this.violations.push(`${where}: undocumented status (lists ${Object.keys(responses).join(', ')})`);
      return;
    }
    if (!type.startsWith('application/json') || request.method === 'HEAD' || typeof payload !== 'string') return;
    if (!this.validators.has(where)) {
      const response = responses[String(status)] as { content?: Record<string, { schema: object }> };
      const schema = response.content?.['application/json']?.schema;
      this.validators.set(
        where,
        schema
          ? ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"api#/components/')))
          : null,
      );
    }
    const validate = this.validators.get(where);
    if (!validate) {
      this.violations.push(`${where}: a JSON body the document does not describe`);
      return;
    }
    const body: unknown = payload === '' ? null : JSON.parse(payload);
    if (validate(body)) return;
    const errors = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`);
    this.violations.push(`${where}: ${errors.join('; ')} in ${payload.slice(0, 200)}`);
  }
}
