/**
 * Viewer websocket service: viewer tokens, the /viewer/v1/connect socket, presence-based
 * viewer counts (memory or Redis), and the upgrade router the platform's websocket services share.
 */

export { LocalPresence } from './local-presence.ts';
export { MemoryPresenceStore } from './memory-presence-store.ts';
export { DEFAULT_VIEWER_TTL_MS, type PresenceStore, type PresenceTimings } from './presence-store.ts';
export {
  DEFAULT_HEARTBEAT_MS,
  DEFAULT_NODE_TTL_MS,
  RedisPresenceStore,
  type RedisPresenceOptions,
} from './redis-presence-store.ts';
export { upgradeRouterFor, type PathMatcher, type UpgradeHandler, type UpgradeRouter } from './upgrade-router.ts';
export {
  DEFAULT_TOKEN_TTL_MS,
  LOCAL_CLIENT_TOKEN,
  LOCAL_VIEWER_TOKEN_SECRET,
  registerViewerService,
  type ViewerServiceContext,
  type ViewerServiceOptions,
} from './viewer-service.ts';
export { DEFAULT_PER_ADDRESS, VIEWER_CONNECT_PATH, ViewerCloseCode, type PerAddressCaps } from './viewer-socket.ts';
export {
  addressViewerId,
  deviceViewerId,
  issueViewerToken,
  verifyViewerToken,
  type TokenCheck,
  type ViewerTokenClaims,
} from './viewer-token.ts';
