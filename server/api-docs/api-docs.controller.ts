import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import { HttpAdapterHost, ModulesContainer } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { ZOpenApiDocument, type TOpenApiDocument } from '../../shared/api-docs.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { routeCatalogOf } from '../common/route-catalog.js';
import { Answers } from '../common/route-outputs.js';
import { DOCUMENT_HEADERS } from '../common/security-headers.js';
import { API_REFERENCE_CSP, apiReferencePage } from './api-reference.page.js';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.document.js';

/** `GET /api/docs/`: the API reference; `GET /api/docs/openapi.json`: the OpenAPI 3.1 document it is made from. */
@Controller('api/docs')
export class ApiDocsController {
  private document?: OpenApiDocument;
  private page?: string;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly modules: ModulesContainer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('openapi.json')
  @Header('cache-control', 'public, max-age=300')
  @Answers(ZOpenApiDocument, { description: 'This document: OpenAPI 3.1, its schemas JSON Schema draft 2020-12.' })
  openApi(): TOpenApiDocument {
    return this.built();
  }

  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('content-security-policy', API_REFERENCE_CSP)
  @Header('cache-control', 'public, max-age=300')
  @Answers({ media: 'text/html', description: 'The API reference: every operation of this document, as a page.' })
  reference(@Res({ passthrough: true }) reply: FastifyReply): string {
    void reply.headers(DOCUMENT_HEADERS);
    this.page ??= apiReferencePage(this.built());
    return this.page;
  }

  /** Built on first use: every route is registered by then, and none is added later. */
  private built(): OpenApiDocument {
    if (!this.document) {
      const pkg = JSON.parse(readFileSync(join(this.config.rootDir, 'package.json'), 'utf8')) as { version: string };
      const routes = routeCatalogOf(this.adapterHost.httpAdapter.getInstance(), this.modules);
      this.document = buildOpenApiDocument(routes, {
        version: pkg.version,
        url: this.config.publicUrl,
        apiKeyRatePerMinute: this.config.apiKeys.ratePerMinute,
      });
    }
    return this.document;
  }
}
