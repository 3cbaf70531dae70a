/**
 * Shares one HTTP server's `upgrade` event between the websocket services of the platform
 * (the viewer socket at /viewer/v1/connect, the Pusher-protocol endpoint at /app/:key), each
 * of which runs `ws` with `noServer: true` and claims its own paths:
 *
 *   const remove = upgradeRouterFor(app.server).add((pathname) => pathname === '/x', handler);
 *
 * One router per server (kept in a WeakMap), one `upgrade` listener for all its routes. A
 * request no route claims is answered 404 and closed, but only while the router is the
 * server's sole `upgrade` listener: a service that listens on its own, beside the router,
 * may be the one that wants it, and a socket must have exactly one owner.
 */

import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
export type PathMatcher = (pathname: string) => boolean;

export interface UpgradeRouter {
  /** Routes upgrades whose path `matches` to `handler`; returns the function that removes the route. */
  add(matches: PathMatcher, handler: UpgradeHandler): () => void;
}

const routers = new WeakMap<Server, UpgradeRouter>();

function pathnameOf(request: IncomingMessage): string {
  try {
    return new URL(request.url ?? '/', 'http://upgrade.invalid').pathname;
  } catch {
    return '';
  }
}

/** Answers an upgrade with a plain HTTP status; a client gone meanwhile is no error of ours. */
export function refuseUpgrade(socket: Duplex, status: string): void {
  socket.on('error', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function createRouter(server: Server): UpgradeRouter {
  const routes = new Set<{ matches: PathMatcher; handler: UpgradeHandler }>();

  const listener = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const pathname = pathnameOf(request);
    for (const route of routes) {
      if (route.matches(pathname)) return route.handler(request, socket, head);
    }
    if (server.listeners('upgrade').length === 1) refuseUpgrade(socket, '404 Not Found');
  };

  return {
    add(matches, handler) {
      const route = { matches, handler };
      if (routes.size === 0) server.on('upgrade', listener);
      routes.add(route);
      return () => {
        if (!routes.delete(route) || routes.size > 0) return;
        server.off('upgrade', listener);
      };
    },
  };
}

export function upgradeRouterFor(server: Server): UpgradeRouter {
  let router = routers.get(server);
  if (!router) routers.set(server, (router = createRouter(server)));
  return router;
}
