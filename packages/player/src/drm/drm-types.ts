import type { DrmFailure } from '../types/errors.ts';

export { DrmFailure } from '../types/errors.ts';

/**
 * DRM's shapes, shared by the player's start-up side (parts/drm-host.ts) and the EME session
 * it loads only for a protected stream (drm/eme-session.ts): types, and the spec's messages,
 * which only the EME session reads. (DrmFailure itself is an error field: types/errors.ts.)
 */

/** One key system's servers (Widevine, PlayReady and FairPlay are entries like ClearKey's). */
export interface DrmServer {
  /** Where license requests go; for ClearKey, the stream's key URI when it is http(s) and none is set. */
  licenseUrl?: string;
  /** A server certificate fetched before the first license request (Widevine's, FairPlay's). */
  certificateUrl?: string;
  /**
   * An authorization document fetched before each license request and sent with it as the
   * `customdata` header (the AuthXML of PlayReady and Widevine license services).
   */
  authXmlUrl?: string;
  /** Sent with every license, certificate and AuthXML request. */
  headers?: Record<string, string>;
}

/** PlayerConfig.drm: servers by EME key system (`org.w3.clearkey`, `com.widevine.alpha`, …). */
export interface DrmConfig {
  servers?: Partial<Record<string, DrmServer>>;
}

/** SPEC §8's words for each (for logs and monitoring; a screen shows copy written for it). */
export const DRM_MESSAGES: Record<DrmFailure, string> = {
  'no-cdm': 'Browser supports no DRM CDM',
  'license-unauthorized': 'License not authorized for this browser version',
  'license-unavailable': 'License not available',
  'license-server': 'License server error',
  'license-request': 'Error requesting the license',
  'auth-xml': 'Request for AuthXML failed',
  certificate: 'Request for DRM certificate failed',
};
