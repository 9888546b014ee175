import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from '../common/content-encoding.js';
import { allowAnyOrigin } from '../common/open-cors.js';
import type { BuiltAsset } from './widget-bundle.js';
import { WidgetScriptService } from './widget-script.service.js';

const LOADER_CACHE = 'public, max-age=300';
const BUNDLE_CACHE = 'public, max-age=31536000, immutable';

/** `/widget/v1/{store_id}.js` (short cache: it names the current bundle) and the content-hashed bundles. */
@Controller('widget/v1')
export class WidgetScriptController {
  constructor(private readonly scripts: WidgetScriptService) {}

  @Get('assets/:file')
  async bundle(@Param('file') file: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const asset = this.scripts.asset(file);
    if (!asset) {
      await reply.status(404).type('application/json').send({ detail: 'Not found.', code: 'not_found' });
      return;
    }
    await sendScript(request, reply, 200, asset, BUNDLE_CACHE);
  }

  @Get(':file')
  async loader(@Param('file') file: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { status, asset } = await this.scripts.loader(file.replace(/\.js$/, ''));
    await sendScript(request, reply, status, asset, status === 200 ? LOADER_CACHE : 'public, max-age=60');
  }
}

/** Precompressed at build time, so storefront hits cost no compression work. */
async function sendScript(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  asset: BuiltAsset,
  cacheControl: string,
): Promise<void> {
  void reply.headers({
    'content-type': 'application/javascript; charset=utf-8',
    'cache-control': cacheControl,
    etag: asset.etag,
    vary: 'Accept-Encoding',
  });
  allowAnyOrigin(reply);
  if (status === 200 && request.headers['if-none-match'] === asset.etag) {
    await reply.status(304).send();
    return;
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding) void reply.header('content-encoding', encoding);
  await reply.status(status).send(encoding ? asset[encoding] : asset.body);
}
