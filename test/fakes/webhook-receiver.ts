import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body.js';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * An integrator's endpoint for outgoing webhooks: keeps every delivery it is sent, answers `status` with `reply` as
 * its body. The app reaches it on 127.0.0.1 when IMPORT_ALLOW_PRIVATE_HOSTS lets it.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  status = 200;
  reply = 'ok';
  private server!: Server;
  private waiters: Array<() => void> = [];

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void readBody(req).then((body) => {
        this.received.push({ path: req.url ?? '', headers: req.headers, body });
        res.writeHead(this.status, { 'content-type': 'text/plain' }).end(this.reply);
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  url(path = '/hooks'): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** The bodies sent to `path`, parsed. */
  events(path = '/hooks'): Array<{ type: string; data: Record<string, unknown> }> {
    return this.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body));
  }

  /** Resolves once `count` deliveries have arrived in all. */
  async waitFor(count: number): Promise<void> {
    while (this.received.length < count) await new Promise<void>((wake) => this.waiters.push(wake));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
