import { viewerServerMessageSchema } from '@onair/contracts';
import type { ViewerClientMessage, ViewerServerMessage } from '@onair/contracts';
import ReconnectingWebSocket from 'partysocket/ws';
import { logClose } from './close-codes.ts';
import { VIEWER_SOCKET_DEFAULTS } from './constants.ts';
import { describeError, globalTimers, sleepWith } from './environment.ts';
import type { FetchLike, RealtimeLogger, Timers } from './environment.ts';
import { fetchViewerToken } from './viewer-token.ts';
import type { TokenRetryPolicy } from './viewer-token.ts';

/**
 * The viewer websocket (SPEC §4 "Viewer websocket"), a state machine over partysocket's
 * `ReconnectingWebSocket`:
 *
 * ```
 *          connect()                  token                    socket opens
 * closed ───────────► fetching-token ───────► connecting ───────────────────► open
 *    ▲                      │ token query failed   │ refused / timed out       │ socket closed
 *    │                      ▼                      ▼                           ▼
 *    │                closed { willReconnect: true }: partysocket waits 1 s × 1.3ⁿ (≤ 30 s),
 *    │                then asks for a URL again → fetching-token
 *    └── close() from any state → closed { reason: 'client' }; the 10th failed retry →
 *        closed { willReconnect: false }; connect() starts over from either.
 * ```
 *
 * Token per connection: partysocket asks for its URL before every attempt, and each time we
 * query a fresh token (random wait included). The token is opaque to us (SPEC §9 gives the
 * token query a staleTime of 0), so we never guess whether the last one expired; the extra
 * query costs one request per reconnection and the wait spreads a crowd reconnecting at once.
 *
 * While open, `{type:'ping'}` goes out every 30 s; leaving `open` stops it. `send` only sends
 * on an open socket and says false otherwise: pings and handshakes are periodic, and a stale
 * one flushed after a reconnection would say nothing true.
 */

export type ViewerSocketClosedReason = 'idle' | 'client' | 'connection-lost' | 'token-failed';

export type ViewerSocketState =
  | { status: 'closed'; reason: ViewerSocketClosedReason; willReconnect: boolean }
  /** `attempt`: partysocket's retry number, 0 for the first connection after open or connect(). */
  | { status: 'fetching-token'; attempt: number }
  | { status: 'connecting'; attempt: number }
  | { status: 'open' };

/** The browser's `WebSocket` or node's `ws` (as far as partysocket and we use them). */
export interface WebSocketLike {
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void;
}
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;

export interface ViewerSocketEnvironment {
  fetch: FetchLike;
  WebSocket: WebSocketConstructor;
  logger: RealtimeLogger;
  timers?: Timers;
  random?: () => number;
}

export interface ReconnectionOptions {
  maxRetries: number;
  minReconnectionDelay: number;
  maxReconnectionDelay: number;
  reconnectionDelayGrowFactor: number;
  connectionTimeout: number;
}

export interface ViewerSocketOptions {
  /** HTTP(S) base of the websocket service; the connect URL uses ws(s) on the same host. */
  websocketUrl: string;
  /** Public config `PUBLIC_VIEWER_WEBSOCKET_PATH`. */
  connectPath?: string;
  clientToken: string;
  /** Read before each token query: the device request id may arrive after the first one. */
  getRequestId?: () => string | null | undefined;
  pingIntervalMs?: number;
  reconnection?: Partial<ReconnectionOptions>;
  tokenDelayMs?: { min: number; max: number };
  tokenRetry?: TokenRetryPolicy;
}

export interface ViewerSocket {
  getState(): ViewerSocketState;
  /** Called on every state change; returns the unsubscribe (useSyncExternalStore-ready). */
  subscribe(listener: (state: ViewerSocketState) => void): () => void;
  onMessage(listener: (message: ViewerServerMessage) => void): () => void;
  /** True when sent; false (nothing queued) when the socket is not open. */
  send(message: ViewerClientMessage): boolean;
  /** Connects on demand; a no-op unless closed for good (idle, by the client, or given up). */
  connect(): void;
  close(): void;
}

export const DEFAULT_CONNECT_PATH = '/viewer/v1/connect';
const CLIENT_CLOSE_CODE = 1000;

export function viewerConnectUrl(websocketUrl: string, connectPath: string, token: string): string {
  const url = new URL(`${websocketUrl.replace(/\/+$/, '')}${connectPath}`);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * partysocket removes its listeners from a socket before that socket's own close event (on
 * errors and timeouts) and reports a made-up 1000 instead, so real close codes are read from
 * each socket directly, through this subclass it constructs.
 */
function trackingConstructor(Base: WebSocketConstructor, logger: RealtimeLogger): WebSocketConstructor {
  return class TrackedWebSocket extends Base {
    constructor(...args: ConstructorParameters<WebSocketConstructor>) {
      super(...args);
      this.addEventListener('close', (event) => logClose(logger, event.code, event.reason));
    }
  };
}

export function createViewerSocket(options: ViewerSocketOptions, env: ViewerSocketEnvironment): ViewerSocket {
  const { logger } = env;
  const timers = env.timers ?? globalTimers;
  const sleep = sleepWith(timers);
  const random = env.random ?? Math.random;
  const reconnection = { ...VIEWER_SOCKET_DEFAULTS.reconnection, ...options.reconnection };
  const pingIntervalMs = options.pingIntervalMs ?? VIEWER_SOCKET_DEFAULTS.pingIntervalMs;
  const connectPath = options.connectPath ?? DEFAULT_CONNECT_PATH;
  const WebSocketClass = trackingConstructor(env.WebSocket, logger);

  const stateListeners = new Set<(state: ViewerSocketState) => void>();
  const messageListeners = new Set<(message: ViewerServerMessage) => void>();
  let state: ViewerSocketState = { status: 'closed', reason: 'idle', willReconnect: false };
  let socket: ReconnectingWebSocket | null = null;
  let abort: AbortController | null = null;
  let pinger: unknown = null;

  const notify = <T>(listeners: Set<(value: T) => void>, value: T) => {
    for (const listener of [...listeners]) {
      try {
        listener(value);
      } catch (error) {
        logger.error('[viewer-socket] listener threw', error);
      }
    }
  };

  const transition = (next: ViewerSocketState) => {
    if (state.status === 'open' && next.status !== 'open' && pinger !== null) {
      timers.clearInterval(pinger);
      pinger = null;
    }
    state = next;
    if (next.status === 'open') {
      pinger = timers.setInterval(() => send({ type: 'ping' }), pingIntervalMs);
    }
    notify(stateListeners, next);
  };

  const send = (message: ViewerClientMessage): boolean => {
    if (state.status !== 'open' || !socket) return false;
    socket.send(JSON.stringify(message));
    return true;
  };

  const receive = (data: unknown) => {
    let parsed: unknown;
    try {
      parsed = typeof data === 'string' ? JSON.parse(data) : undefined;
    } catch {
      parsed = undefined;
    }
    const message = viewerServerMessageSchema.safeParse(parsed);
    if (message.success) notify(messageListeners, message.data);
    else logger.warn('[viewer-socket] ignored a message that is not {type, data}', data);
  };

  const start = () => {
    const controller = new AbortController();
    abort = controller;
    let attemptRetry = 0;

    const url = async () => {
      // partysocket asks for a URL even when close() came during its back-off wait.
      controller.signal.throwIfAborted();
      attemptRetry = rws.retryCount;
      transition({ status: 'fetching-token', attempt: attemptRetry });
      const token = await fetchViewerToken(
        { websocketUrl: options.websocketUrl, clientToken: options.clientToken, requestId: options.getRequestId?.() },
        { fetch: env.fetch, random, sleep, logger },
        { signal: controller.signal, delayMs: options.tokenDelayMs, retry: options.tokenRetry },
      );
      controller.signal.throwIfAborted();
      transition({ status: 'connecting', attempt: attemptRetry });
      return viewerConnectUrl(options.websocketUrl, connectPath, token);
    };

    const rws = new ReconnectingWebSocket(url, undefined, { ...reconnection, WebSocket: WebSocketClass });
    socket = rws;

    // partysocket decides whether to retry before our handlers run (or, after an error,
    // right after), so the verdict is read once the current task's synchronous work is done.
    const settle = () =>
      queueMicrotask(() => {
        if (socket !== rws || state.status !== 'closed' || !state.willReconnect) return;
        if (rws.retryCount === attemptRetry && attemptRetry >= reconnection.maxRetries) {
          logger.warn(`[viewer-socket] gave up after ${reconnection.maxRetries} retries`);
          transition({ status: 'closed', reason: state.reason, willReconnect: false });
        }
      });

    rws.onopen = () => transition({ status: 'open' });
    rws.onmessage = (event) => receive(event.data);
    rws.onclose = () => {
      // A close while fetching a token is partysocket retiring the previous, already closed
      // socket; the token failure itself arrives as an error.
      if (state.status !== 'open' && state.status !== 'connecting') return;
      transition({ status: 'closed', reason: 'connection-lost', willReconnect: true });
      settle();
    };
    rws.onerror = (event) => {
      if (state.status === 'fetching-token') {
        logger.warn(`[viewer-socket] no token: ${event.message}`, event.error);
        transition({ status: 'closed', reason: 'token-failed', willReconnect: true });
      } else if (event.message === 'TIMEOUT') {
        logger.warn(`[viewer-socket] connection timed out after ${reconnection.connectionTimeout} ms`);
      } else if (state.status === 'connecting') {
        logger.warn(`[viewer-socket] could not connect: ${describeError(event.error ?? event.message ?? event.type)}`);
        transition({ status: 'closed', reason: 'connection-lost', willReconnect: true });
      }
      settle();
    };
  };

  return {
    getState: () => state,
    subscribe(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    onMessage(listener) {
      messageListeners.add(listener);
      return () => messageListeners.delete(listener);
    },
    send,
    connect() {
      if (state.status !== 'closed' || state.willReconnect) return;
      start();
    },
    close() {
      const current = socket;
      socket = null;
      abort?.abort();
      abort = null;
      if (current) {
        // Detached first: the close below is ours, and its code is logged by the tracker.
        current.onopen = current.onclose = current.onerror = current.onmessage = null;
        current.close(CLIENT_CLOSE_CODE);
      }
      if (state.status !== 'closed' || state.willReconnect) {
        transition({ status: 'closed', reason: 'client', willReconnect: false });
      }
    },
  };
}
