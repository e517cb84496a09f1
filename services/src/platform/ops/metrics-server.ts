// /metrics on a listener of its own (METRICS_PORT): for a scraper on a private network, so the
// public listener never serves it. Nothing else is served there (404).
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../log/logger';
import type { Metrics } from './metrics';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

export async function startMetricsServer(
  metrics: Metrics,
  port: number,
  host: string,
  logger: Logger,
): Promise<MetricsServer> {
  const server: Server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        logger.warn({ err }, 'metrics: collecting failed');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
