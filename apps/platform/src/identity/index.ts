/**
 * Device identification stand-in: the first-party agent script, the identification endpoint and
 * its fault switch. The api key is public (it ships to browsers); the secret is server-only.
 */

import type { FastifyInstance } from 'fastify';
import { IdentifyFaults } from './identify-faults.ts';
import { identityRoutes } from './routes.ts';
import { LOCAL_DEVICE_ID_SECRET } from './visitor-id.ts';
import { serverSecret } from '../secrets.ts';

export { AGENT_PATH, AGENT_SCRIPT, AGENT_VERSION } from './agent-script.ts';
export { codeForStatus, identifyErrorBody, type IdentifyErrorBody, type IdentifyErrorCode } from './identify-error.ts';
export { IdentifyFaults, parseIdentifyFault, type IdentifyFault } from './identify-faults.ts';
export {
  REQUEST_ID_CLOCK_SKEW_MS,
  REQUEST_ID_MAX_AGE_MS,
  signRequestId,
  verifyRequestId,
  type RequestIdCheck,
  type RequestIdRefusal,
  type VouchedRequestId,
} from './request-id.ts';
export { FAULTS_PATH, IDENTIFY_PATH } from './routes.ts';
export { DEVICE_COOKIE, LOCAL_DEVICE_ID_SECRET, visitorIdFor } from './visitor-id.ts';

export const LOCAL_DEVICE_ID_API_KEY = 'onair-local-device-key';

export interface DeviceIdentificationOptions {
  /** Mount `/admin/device-id/faults` (a testing hook: the platform gates it, admin-gate.ts). */
  admin: boolean;
  /** Accepted key (default env PUBLIC_DEVICE_ID_API_KEY, else the local one). */
  apiKey?: string;
  /**
   * HMAC secret for visitorIds and request ids (default env DEVICE_ID_SECRET, else the local
   * one; blank is refused). The viewer service verifies request ids with the same one.
   */
  secret?: string;
  now?: () => number;
  /** Injected so tests can queue faults without the admin API. */
  faults?: IdentifyFaults;
}

export async function registerDeviceIdentification(
  app: FastifyInstance,
  options: DeviceIdentificationOptions,
): Promise<void> {
  await app.register(identityRoutes, {
    apiKey: options.apiKey || process.env.PUBLIC_DEVICE_ID_API_KEY || LOCAL_DEVICE_ID_API_KEY,
    secret: deviceIdSecret(options.secret),
    faults: options.faults ?? new IdentifyFaults(),
    now: options.now ?? Date.now,
    admin: options.admin,
  });
}

/** The identification service's secret: `given`, else DEVICE_ID_SECRET, else the public local one (secrets.ts). */
export function deviceIdSecret(given?: string): string {
  return serverSecret('DEVICE_ID_SECRET', LOCAL_DEVICE_ID_SECRET, given);
}
