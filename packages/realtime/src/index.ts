/** @onair/realtime — the Pusher-protocol store, the viewer websocket and presence. No React. */
export {
  DEFAULT_REALTIME_CLUSTER,
  PRESENCE_INTERVAL_MS,
  PUSHER_TIMEOUTS,
  REALTIME_PROVIDER_NAME,
  REALTIME_STORE_NAME,
  VIEWER_SOCKET_DEFAULTS,
  WORKER_LOAD,
} from './constants.ts';
export {
  describeError,
  globalTimers,
  sleepWith,
  type FetchLike,
  type RealtimeLogger,
  type Sleep,
  type Timers,
} from './environment.ts';
export {
  CRITICAL_REALTIME_CODES,
  classifyRealtimeError,
  isPusherErrorEvent,
  reportRealtimeError,
  type PusherErrorEvent,
  type RealtimeErrorReport,
} from './realtime-errors.ts';
export {
  RealtimeAuthError,
  createLivestreamAuthorizer,
  isPrivateLivestreamChannel,
  realtimeAuthUrl,
  routeChannelAuthorization,
  type LivestreamAuthorizerOptions,
  type RealtimeAuthErrorCode,
} from './channel-authorizer.ts';
export {
  CHANNEL_NOT_FOUND_WARNING,
  NOT_INITIALIZED_WARNING,
  createRealtimeStore,
  type ChannelHandlers,
  type RealtimeChannel,
  type RealtimeClient,
  type RealtimeClientConstructor,
  type RealtimeConnectOptions,
  type RealtimeHandler,
  type RealtimeState,
  type RealtimeStore,
  type RealtimeStoreEnvironment,
} from './realtime-store.ts';
export { WORKER_LOAD_FAILED, loadRealtimeClient, type LoadRealtimeClientOptions } from './worker-loader.ts';
export { loadPusherClient } from './pusher-loader.ts';
export {
  NO_TOKEN_MESSAGE,
  ViewerTokenError,
  fetchViewerToken,
  isNetworkFailure,
  isRetryableTokenError,
  tokenDelayMs,
  tokenRetryDelayMs,
  viewerTokenUrl,
  type TokenRetryPolicy,
  type ViewerTokenEnvironment,
  type ViewerTokenErrorCode,
  type ViewerTokenOptions,
  type ViewerTokenRequest,
} from './viewer-token.ts';
export { classifyCloseCode, logClose, type CloseSeverity } from './close-codes.ts';
export {
  DEFAULT_CONNECT_PATH,
  createViewerSocket,
  viewerConnectUrl,
  type ReconnectionOptions,
  type ViewerSocket,
  type ViewerSocketClosedReason,
  type ViewerSocketEnvironment,
  type ViewerSocketOptions,
  type ViewerSocketState,
  type WebSocketConstructor,
  type WebSocketLike,
} from './viewer-socket.ts';
export {
  createPresence,
  livestreamChannelToSubscribe,
  shouldSubscribeToLivestream,
  type Presence,
  type PresenceOptions,
  type PresenceSocket,
} from './presence.ts';
export { VIEWER_SOCKET_CONTEXT_ERROR, createViewerSocketContextError } from './viewer-socket-context.ts';
export { watchReconnects } from './reconnects.ts';
export { VIEWER_SOCKET_REARM_MS, hasGivenUp, rearmViewerSocket, type RearmEnvironment } from './viewer-socket-rearm.ts';
