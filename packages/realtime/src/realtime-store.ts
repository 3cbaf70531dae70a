import type { ChannelAuthorizationHandler, Options as PusherOptions } from 'pusher-js';
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import {
  createLivestreamAuthorizer,
  isPrivateLivestreamChannel,
  routeChannelAuthorization,
} from './channel-authorizer.ts';
import { DEFAULT_REALTIME_CLUSTER, PUSHER_TIMEOUTS, REALTIME_STORE_NAME } from './constants.ts';
import type { FetchLike, RealtimeLogger } from './environment.ts';
import { reportRealtimeError } from './realtime-errors.ts';

/** The part of a pusher-js channel the store uses. */
export interface RealtimeChannel {
  bind(event: string, callback: (data: unknown) => void): unknown;
  unbind(event?: string, callback?: (data: unknown) => void): unknown;
}

/** The part of pusher-js's `Pusher` the store uses; a test double needs no more than this. */
export interface RealtimeClient {
  readonly connection: {
    readonly state: string;
    bind(event: string, callback: (...args: never[]) => void): unknown;
  };
  /** pusher-js reads `channelAuthorizer` at each private subscription, so replacing it works. */
  config: { channelAuthorizer: ChannelAuthorizationHandler };
  subscribe(channelName: string): RealtimeChannel;
  unsubscribe(channelName: string): void;
  connect(): void;
  disconnect(): void;
}

/** `Pusher` from 'pusher-js' or 'pusher-js/worker' (see `loadRealtimeClient`). */
export type RealtimeClientConstructor = new (key: string, options: PusherOptions) => RealtimeClient;

export type RealtimeHandler = (data: unknown) => void;
/** SPEC §3: channel → event name → handlers. Replaced, never mutated, on every change. */
export type ChannelHandlers = ReadonlyMap<string, ReadonlyMap<string, readonly RealtimeHandler[]>>;

export interface RealtimeConnectOptions {
  key: string;
  /** SPEC §9: us2 when not given. */
  cluster?: string;
  wsHost?: string;
  wsPort?: number;
  wssPort?: number;
  /** pusher-js uses TLS unless this is false (and the page is not on https). */
  forceTLS?: boolean;
  enabledTransports?: PusherOptions['enabledTransports'];
  /** Realtime worker authorisation URL for `private-lstm_` channels (see `realtimeAuthUrl`). */
  authUrl: string;
  /** pusher-js's own endpoint for any other private channel; its default when not given. */
  authEndpoint?: string;
  activityTimeout?: number;
  pongTimeout?: number;
  unavailableTimeout?: number;
}

export interface RealtimeState {
  client: RealtimeClient | null;
  /** Follows pusher-js's connection state: true exactly while it is `connected`. */
  connected: boolean;
  channels: ChannelHandlers;
  /** Device-identification request id, required by the `private-lstm_` authorisation. */
  requestId: string | null;
  setRequestId(requestId: string | null): void;
  /** Creates the client; skipped while one is connected or connecting. */
  connect(options: RealtimeConnectOptions): void;
  /** Disconnects and forgets the client and every handler. */
  disconnect(): void;
  /** The first handler of a channel subscribes it. Returns the matching `unsubscribe`. */
  subscribe(channel: string, event: string, handler: RealtimeHandler): () => void;
  /** Removing the last handler of a channel unsubscribes it. */
  unsubscribe(channel: string, event: string, handler: RealtimeHandler): void;
  /** Removes every handler of one event. */
  clear(channel: string, event: string): void;
  /** Removes every handler of a channel, which unsubscribes it. */
  clearAll(channel: string): void;
}

export type RealtimeStore = StoreApi<RealtimeState>;

export interface RealtimeStoreEnvironment {
  Pusher: RealtimeClientConstructor;
  fetch: FetchLike;
  logger: RealtimeLogger;
  /** Named in the missing-requestId error (SPEC §8). */
  name?: string;
}

export const NOT_INITIALIZED_WARNING = 'Realtime instance is not initialized';
export const CHANNEL_NOT_FOUND_WARNING = 'Channel not found';

/** States in which pusher-js is connected or still trying on its own. */
const LIVE_STATES = new Set(['initialized', 'connecting', 'connected', 'unavailable']);

interface Binding {
  channel: RealtimeChannel;
  dispatchers: Map<string, RealtimeHandler>;
}

function pusherOptions(options: RealtimeConnectOptions): PusherOptions {
  const result: PusherOptions = { cluster: options.cluster ?? DEFAULT_REALTIME_CLUSTER, ...PUSHER_TIMEOUTS };
  // pusher-js tests some options with `in`, so an explicit undefined would count as set.
  const optional = {
    wsHost: options.wsHost,
    wsPort: options.wsPort,
    wssPort: options.wssPort,
    forceTLS: options.forceTLS,
    enabledTransports: options.enabledTransports,
    authEndpoint: options.authEndpoint,
    activityTimeout: options.activityTimeout,
    pongTimeout: options.pongTimeout,
    unavailableTimeout: options.unavailableTimeout,
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(result, { [key]: value });
  }
  return result;
}

/**
 * The realtime connection store (SPEC §3, §4 "Realtime connection"). Invariant: a channel is
 * subscribed on the client exactly while it has at least one handler, and each of its events
 * has exactly one pusher-js binding, a dispatcher that reads the current handlers, so adding
 * or removing a handler never rebinds. A throwing handler is logged; the others still run.
 */
export function createRealtimeStore(env: RealtimeStoreEnvironment): RealtimeStore {
  const { logger } = env;
  const bindings = new Map<string, Binding>();

  return createStore<RealtimeState>()((set, get) => {
    const dispatcher =
      (channel: string, event: string): RealtimeHandler =>
      (data) => {
        for (const handler of get().channels.get(channel)?.get(event) ?? []) {
          try {
            handler(data);
          } catch (error) {
            logger.error(`[realtime] handler of ${channel}/${event} threw`, error);
          }
        }
      };

    const bindEvent = (client: RealtimeClient, channel: string, event: string) => {
      let binding = bindings.get(channel);
      if (!binding) {
        binding = { channel: client.subscribe(channel), dispatchers: new Map() };
        bindings.set(channel, binding);
      }
      if (binding.dispatchers.has(event)) return;
      const dispatch = dispatcher(channel, event);
      binding.dispatchers.set(event, dispatch);
      binding.channel.bind(event, dispatch);
    };

    /** Drops the named events (all when `events` is null) and unsubscribes an emptied channel. */
    const removeEvents = (channel: string, events: readonly string[] | null) => {
      const current = get().channels.get(channel);
      if (!current) return;
      const remaining = new Map(current);
      for (const event of events ?? [...current.keys()]) remaining.delete(event);

      const binding = bindings.get(channel);
      for (const event of events ?? [...current.keys()]) {
        const dispatch = binding?.dispatchers.get(event);
        if (binding && dispatch) {
          binding.channel.unbind(event, dispatch);
          binding.dispatchers.delete(event);
        }
      }

      const channels = new Map(get().channels);
      if (remaining.size > 0) {
        channels.set(channel, remaining);
      } else {
        channels.delete(channel);
        bindings.delete(channel);
        get().client?.unsubscribe(channel);
      }
      set({ channels });
    };

    const createClient = (options: RealtimeConnectOptions): RealtimeClient => {
      const client = new env.Pusher(options.key, pusherOptions(options));
      const livestream = createLivestreamAuthorizer({
        authUrl: options.authUrl,
        fetch: env.fetch,
        getRequestId: () => get().requestId,
        logger,
        storeName: env.name ?? REALTIME_STORE_NAME,
      });
      client.config.channelAuthorizer = routeChannelAuthorization(livestream, client.config.channelAuthorizer);
      // A drop goes connected → connecting/unavailable without passing `disconnected`, so the
      // flag follows every state change rather than only the two named events.
      client.connection.bind('state_change', (change: { current: string }) => {
        if (get().client === client) set({ connected: change.current === 'connected' });
      });
      client.connection.bind('error', (error: unknown) => {
        if (get().client === client) reportRealtimeError(logger, error);
      });
      return client;
    };

    return {
      client: null,
      connected: false,
      channels: new Map(),
      requestId: null,

      setRequestId: (requestId) => {
        const previous = get().requestId;
        set({ requestId });
        // A livestream channel asked for before the request id arrived failed its
        // authorisation (SPEC §8): ask again now. pusher-js leaves a channel that is subscribed
        // or pending as it is, and subscribes one that failed.
        const { client } = get();
        if (!client || requestId === null || requestId === previous) return;
        for (const channel of bindings.keys()) if (isPrivateLivestreamChannel(channel)) client.subscribe(channel);
      },

      connect: (options) => {
        const { client } = get();
        if (client) {
          // Skipped while connected or connecting; a client that gave up (refused by the
          // server, or disconnected by hand) is asked to connect again, keeping its channels.
          if (!LIVE_STATES.has(client.connection.state)) client.connect();
          return;
        }
        const next = createClient(options);
        set({ client: next, connected: next.connection.state === 'connected' });
      },

      disconnect: () => {
        const { client } = get();
        if (!client) return;
        for (const binding of bindings.values()) {
          for (const [event, dispatch] of binding.dispatchers) binding.channel.unbind(event, dispatch);
        }
        bindings.clear();
        set({ client: null, connected: false, channels: new Map() });
        client.disconnect();
      },

      subscribe: (channel, event, handler) => {
        const { client } = get();
        if (!client) {
          logger.warn(NOT_INITIALIZED_WARNING, { channel, event });
          return () => {};
        }
        const events = new Map(get().channels.get(channel) ?? []);
        const handlers = events.get(event) ?? [];
        if (!handlers.includes(handler)) {
          events.set(event, [...handlers, handler]);
          set({ channels: new Map(get().channels).set(channel, events) });
        }
        bindEvent(client, channel, event);
        return () => get().unsubscribe(channel, event, handler);
      },

      unsubscribe: (channel, event, handler) => {
        if (!get().client) {
          logger.warn(NOT_INITIALIZED_WARNING, { channel, event });
          return;
        }
        const events = get().channels.get(channel);
        if (!events) {
          logger.warn(CHANNEL_NOT_FOUND_WARNING, { channel, event });
          return;
        }
        const handlers = events.get(event);
        if (!handlers?.includes(handler)) return;
        if (handlers.length === 1) {
          removeEvents(channel, [event]);
          return;
        }
        const next = new Map(events).set(
          event,
          handlers.filter((candidate) => candidate !== handler),
        );
        set({ channels: new Map(get().channels).set(channel, next) });
      },

      clear: (channel, event) => {
        if (!get().channels.has(channel)) {
          logger.warn(CHANNEL_NOT_FOUND_WARNING, { channel, event });
          return;
        }
        removeEvents(channel, [event]);
      },

      clearAll: (channel) => {
        if (!get().channels.has(channel)) {
          logger.warn(CHANNEL_NOT_FOUND_WARNING, { channel });
          return;
        }
        removeEvents(channel, null);
      },
    };
  });
}
