/**
 * How the platform's own code publishes realtime events: through the official `pusher`
 * server SDK, pointed at this very server's events API, exactly as a real backend talks to
 * the hosted service. So the SDK's signing, the events API and the socket fan-out are one
 * path, exercised by every stream start or end, and swapping in the hosted service (or a
 * Pusher-compatible cluster) is a change of host and credentials, not of code.
 *
 * The port is only known once the server listens (tests listen on port 0, and a restarted
 * platform may get another), so the SDK client is made per address at the first trigger.
 *
 * Fallback: when the server is not listening (tests that only `inject`), there is no HTTP
 * endpoint to call, and no socket can be subscribed either; the event then goes straight to
 * the channel registry in process, which reaches the same (empty) audience.
 */

import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Pusher from 'pusher';
import type { ChannelRegistry } from './channel-registry.ts';
import type { RealtimeCredentials } from './realtime-config.ts';

export type Delivery = 'sdk' | 'in-process';

/** Host an SDK on this machine can reach the server at: wildcard binds are reached on loopback. */
function reachableHost(address: AddressInfo): string {
  if (address.address === '0.0.0.0' || address.address === '::') return '127.0.0.1';
  return address.family === 'IPv6' ? `[${address.address}]` : address.address;
}

export class RealtimePublisher {
  readonly #app: FastifyInstance;
  readonly #credentials: RealtimeCredentials;
  readonly #registry: ChannelRegistry;
  #client: { origin: string; sdk: Pusher } | undefined;

  constructor(app: FastifyInstance, credentials: RealtimeCredentials, registry: ChannelRegistry) {
    this.#app = app;
    this.#credentials = credentials;
    this.#registry = registry;
  }

  /**
   * Publishes `payload` (JSON-encoded) as `event` on `channel`. Rejects when the events API
   * refuses or cannot be reached; the caller decides whether that matters.
   */
  async trigger(channel: string, event: string, payload: object): Promise<Delivery> {
    const sdk = this.#sdk();
    if (!sdk) {
      this.#registry.publish(channel, event, JSON.stringify(payload));
      return 'in-process';
    }
    await sdk.trigger(channel, event, payload);
    return 'sdk';
  }

  #sdk(): Pusher | undefined {
    const server = this.#app.server;
    const address = server.listening ? server.address() : null;
    if (address === null || typeof address === 'string') {
      // Not listening, or on a pipe, which the SDK cannot address.
      return undefined;
    }
    const host = reachableHost(address);
    const origin = `${host}:${address.port}`;
    if (this.#client?.origin !== origin) {
      const { appId, key, secret } = this.#credentials;
      const sdk = new Pusher({ appId, key, secret, host, port: String(address.port), useTLS: false, timeout: 5000 });
      this.#client = { origin, sdk };
    }
    return this.#client.sdk;
  }
}
