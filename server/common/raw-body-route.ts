import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-body.js';

/**
 * A POST route, in its own Fastify context, whose body arrives as the raw bytes sent: a webhook's signature is checked
 * on exactly what was signed, before anything is parsed. Errors are answered in the API's shape. `config` carries what
 * the route reads and answers, for the route catalogue.
 */
export function rawBodyPost(
  fastify: FastifyInstance,
  path: string,
  bodyLimit: number,
  handler: (request: FastifyRequest, body: Buffer, reply: FastifyReply) => Promise<void>,
  config: FastifyContextConfig = {},
): void {
  void fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
    scope.post(path, { bodyLimit, config }, (request, reply) =>
      handler(request, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), reply).catch((error: unknown) =>
        sendError(request, reply, error),
      ),
    );
  });
}
