import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export type MetricsServer = {
  /** The address it listens on (the port chosen when asked for port 0). */
  address: AddressInfo;
  close(): Promise<void>;
};

/**
 * A tiny HTTP server of its own for Prometheus: `GET /metrics` in the text format, 404 for anything
 * else. Never the public app: it listens on METRICS_PORT and METRICS_HOST (loopback by default), so
 * the figures are not open to the internet and a scrape never waits behind customer traffic.
 */
export async function startMetricsServer(
  registry: Registry,
  options: { port: number; host: string; onError?: (error: unknown) => void },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const pathname = (request.url ?? '').split('?')[0];
    if (pathname !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.onError?.(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    address: server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
