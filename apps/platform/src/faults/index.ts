/**
 * Fault injector for the live origin: per-channel delays, error statuses, stalled downloads
 * and corrupted media, switched on through an admin API so browser tests make failures real.
 */

export { corruptMdat, corruptPayload, truncateHalf, GARBAGE_BYTE, type MdatCorruption } from './corrupt.ts';
export { registerFaultInjector, type FaultInjectorOptions } from './fault-injector.ts';
export {
  classifyOriginPath,
  faultMatches,
  selectFault,
  type Fault,
  type OriginRequest,
  type RequestKind,
} from './fault-rules.ts';
export {
  CORRUPT_MODES,
  FAULT_TARGETS,
  MAX_WAIT_MS,
  parseFaultSpec,
  type CorruptMode,
  type FaultEffect,
  type FaultSpec,
  type FaultTarget,
} from './fault-spec.ts';
export { FaultStore, type FaultStoreOptions } from './fault-store.ts';
export type { RequestLogEntry } from './request-log.ts';
export { faultAdminRoutes, faultView, type FaultRoutesOptions, type FaultView } from './routes.ts';
