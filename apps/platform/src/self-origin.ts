import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The origin this platform answers as for the request: its own service URLs (the embed's
     * configuration, playback URLs, images) are built on it, never on a Host header as sent.
     */
    selfOrigin: string;
  }
}

/** The origins a platform listening on loopback at `port` answers as; the first is canonical. */
export function loopbackOrigins(port: number): string[] {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  const withPort = names.map((name) => `http://${name}:${port}`);
  return port === 80 ? [...withPort, ...names.map((name) => `http://${name}`)] : withPort;
}

/**
 * `candidate` (the request's scheme and Host) when it is one of `allowed`, else the canonical
 * origin: a forged Host (`evil.example`) cannot put its name into URLs the platform hands out,
 * which a shared cache could then serve to everyone else.
 */
export function chooseSelfOrigin(candidate: string, allowed: readonly string[]): string {
  const normal = candidate.toLowerCase();
  return allowed.find((origin) => origin === normal) ?? allowed[0]!;
}

/** Whether `value` is an origin as a browser writes it: http(s), host, optional port, no path. */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

/**
 * Sets `request.selfOrigin` on every request. `configured`: the origins the deployment serves
 * as (ORIGINS); default, the loopback names at the port it listens on (the demo, the tests).
 */
export function registerSelfOrigin(app: FastifyInstance, configured?: readonly string[]): void {
  if (configured && (configured.length === 0 || !configured.every(isOrigin))) {
    throw new Error(`origins must be http(s) origins without a path (got ${JSON.stringify(configured)})`);
  }
  app.decorateRequest('selfOrigin', '');
  app.addHook('onRequest', async (request) => {
    const address = app.server.address();
    // Not listening (inject in tests): light-my-request's default host is localhost:80.
    const port = typeof address === 'object' && address ? address.port : 80;
    request.selfOrigin = chooseSelfOrigin(`${request.protocol}://${request.host}`, configured ?? loopbackOrigins(port));
  });
}
