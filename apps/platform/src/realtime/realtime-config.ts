/**
 * Credentials and timings of the platform's Pusher-protocol service.
 *
 * The key is public: the embed gets it as PUBLIC_REALTIME_KEY (same default, so a bare
 * `npm start` pairs them). The app id and secret are server-only and come from the deployment
 * (REALTIME_APP_ID, REALTIME_APP_SECRET). The local defaults below are NOT secret: they exist so
 * the stand-in works without set-up, and anything reachable by others must set its own.
 */

import { serverSecret } from '../secrets.ts';

export interface RealtimeCredentials {
  appId: string;
  key: string;
  secret: string;
  /** Informational only: one server answers every cluster name the client was built with. */
  cluster: string;
}

export const LOCAL_REALTIME_CREDENTIALS: Readonly<RealtimeCredentials> = Object.freeze({
  appId: 'onair-local',
  key: 'onair-local-key',
  secret: 'onair-local-secret-not-a-secret',
  cluster: 'us2',
});

const nonEmpty = (value: string | undefined): string | undefined =>
  value !== undefined && value.trim() !== '' ? value : undefined;

/**
 * The public settings fall back on a blank value; the app id and secret do not: a blank
 * REALTIME_APP_SECRET throws (BlankSecretError) instead of quietly signing with the public
 * local default (secrets.ts).
 */
export function realtimeCredentialsFromEnv(env: NodeJS.ProcessEnv = process.env): RealtimeCredentials {
  return {
    appId: serverSecret('REALTIME_APP_ID', LOCAL_REALTIME_CREDENTIALS.appId, undefined, env),
    key: nonEmpty(env.PUBLIC_REALTIME_KEY) ?? LOCAL_REALTIME_CREDENTIALS.key,
    secret: serverSecret('REALTIME_APP_SECRET', LOCAL_REALTIME_CREDENTIALS.secret, undefined, env),
    cluster: nonEmpty(env.PUBLIC_REALTIME_CLUSTER) ?? LOCAL_REALTIME_CREDENTIALS.cluster,
  };
}

export interface RealtimeTimings {
  /**
   * Seconds of client silence before the server pings; also announced in
   * `pusher:connection_established`, where pusher-js takes the smaller of it and its own
   * (SPEC §9: the library's default is 120 s, as is the hosted service's).
   */
  activityTimeoutS: number;
  /** How long a pinged client has to answer before the socket is closed with 4201. */
  pongTimeoutMs: number;
  /**
   * On shutdown, how long clients get to answer the close frame before their sockets are
   * destroyed, so `app.close()` never waits on a peer that went silent.
   */
  closeGraceMs: number;
  /** Allowed distance between an events API request's `auth_timestamp` and our clock. */
  apiTimestampSkewS: number;
}

export const DEFAULT_REALTIME_TIMINGS: Readonly<RealtimeTimings> = Object.freeze({
  activityTimeoutS: 120,
  pongTimeoutMs: 30_000,
  closeGraceMs: 1_000,
  apiTimestampSkewS: 600,
});
