/**
 * @onair/identity — device identification of an anonymous embed session (SPEC §1, §7, §8, §9).
 *
 * Wiring in the embed:
 *   const identifier = createDeviceIdentifier({
 *     agentUrl: '/device-id/agent.js',
 *     endpointUrl: '/device-id/identify',
 *     apiKey: config.deviceIdApiKey,
 *     storage: browserLocalStorage(),
 *   });
 *   const result = await identifier.identify(); // never rejects
 *   if (result.ok) requestIdForViewerToken = result.requestId;
 *
 * Protocol, error kinds and decisions: README.md next to this folder.
 */
export { AgentProtocolError } from './agent-protocol.ts';
export type { Agent, AgentGetOptions, AgentLoadOptions, AgentModule } from './agent-protocol.ts';
export { classifyIdentificationError } from './classify-error.ts';
export type { IdentificationErrorClass } from './classify-error.ts';
export { DEFAULT_CACHE_SECONDS, DEFAULT_TIMEOUT_MS, createDeviceIdentifier } from './device-identifier.ts';
export type {
  DeviceIdentifier,
  DeviceIdentifierOptions,
  IdentificationSuccess,
  IdentifyResult,
} from './device-identifier.ts';
export {
  IDENTIFICATION_ERRORS,
  IDENTIFICATION_ERROR_KINDS,
  identificationFailure,
  kindForStatus,
} from './error-kinds.ts';
export type {
  IdentificationErrorInfo,
  IdentificationErrorKind,
  IdentificationFailure,
  IdentificationLogLevel,
} from './error-kinds.ts';
export { CACHE_KEY_PREFIX, MAX_CACHE_SECONDS, cacheKeyFor } from './identity-cache.ts';
export type { Identification, IdentityLogger, StorageLike } from './identity-cache.ts';
export { browserLocalStorage, createMemoryStorage } from './memory-storage.ts';
