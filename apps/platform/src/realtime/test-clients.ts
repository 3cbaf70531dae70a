/**
 * Test helpers for the realtime service (used by its *.test.ts only): a platform listening on
 * a real port, pusher-js clients configured exactly as the embed configures them against a
 * self-hosted endpoint, the `pusher` server SDK pointed at the platform, and promise-based
 * waits that fail with a message instead of hanging.
 */

import { tmpdir } from 'node:os';
import path from 'node:path';
import PusherServer from 'pusher';
import Pusher, { type Channel, type ChannelAuthorizationHandler } from 'pusher-js';
import { createPlatform, type Platform } from '../create-platform.ts';
import { LOCAL_DEVICE_ID_SECRET, signRequestId } from '../identity/index.ts';
import { TEST_ADMIN } from '../testing/admin.ts';
import { LOCAL_REALTIME_CREDENTIALS } from './realtime-config.ts';

/** Generous: the test machine may have 2 busy cores. */
export const WAIT_MS = 10_000;

export interface Listening {
  platform: Platform;
  port: number;
  base: string;
}

export async function listeningPlatform(port = 0): Promise<Listening> {
  const platform = await createPlatform({ embedDir: path.join(tmpdir(), 'onair-no-embed'), admin: TEST_ADMIN });
  return listen(platform, port);
}

export async function listen(platform: Platform, port = 0): Promise<Listening> {
  const base = await platform.app.listen({ port, host: '127.0.0.1' });
  const address = platform.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('platform is not on a TCP port');
  return { platform, port: address.port, base };
}

/** A request id as `/device-id/identify` signs it (the local secret), for `/realtime/auth`. */
export function vouchedRequestId(issuedAt = Date.now()): string {
  return signRequestId(LOCAL_DEVICE_ID_SECRET, { visitorId: 'test-device', issuedAt });
}

export interface ClientOptions {
  key?: string;
  authorize?: ChannelAuthorizationHandler;
}

/** A pusher-js client with the options the embed uses for a self-hosted endpoint. */
export function pusherClient(port: number, options: ClientOptions = {}): Pusher {
  return new Pusher(options.key ?? LOCAL_REALTIME_CREDENTIALS.key, {
    cluster: LOCAL_REALTIME_CREDENTIALS.cluster,
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    ...(options.authorize ? { channelAuthorization: { customHandler: options.authorize } } : {}),
  });
}

/** The official server SDK, as a backend would configure it for this host. */
export function serverSdk(port: number, secret = LOCAL_REALTIME_CREDENTIALS.secret): PusherServer {
  const { appId, key } = LOCAL_REALTIME_CREDENTIALS;
  return new PusherServer({ appId, key, secret, host: '127.0.0.1', port: String(port), useTLS: false });
}

export function within<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function connectionState(client: Pusher, state: string, ms = WAIT_MS): Promise<void> {
  if (client.connection.state === state) return Promise.resolve();
  return within(
    new Promise<void>((resolve) => {
      const onChange = ({ current }: { current: string }) => {
        if (current !== state) return;
        client.connection.unbind('state_change', onChange);
        resolve();
      };
      client.connection.bind('state_change', onChange);
    }),
    `connection state "${state}" (now "${client.connection.state}")`,
    ms,
  );
}

/** The next `event` on `channel`, with its (already JSON-decoded) data. */
export function nextEvent<T = unknown>(channel: Channel, event: string, ms = WAIT_MS): Promise<T> {
  return within(
    new Promise<T>((resolve) => {
      const handler = (data: T) => {
        channel.unbind(event, handler);
        resolve(data);
      };
      channel.bind(event, handler);
    }),
    `${event} on ${channel.name}`,
    ms,
  );
}

export async function subscribed(client: Pusher, name: string): Promise<Channel> {
  const channel = client.subscribe(name);
  if (channel.subscribed) return channel;
  await nextEvent(channel, 'pusher:subscription_succeeded');
  return channel;
}
