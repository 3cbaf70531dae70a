/**
 * The names of the server-only settings, apart from their schema (server-config.ts): the
 * embed checks its public configuration against these names (load-public-config.ts) and so
 * ships the list, never the server's schema. server-config.test.ts keeps the two in step.
 */
export const SERVER_ENV_KEYS = [
  'REALTIME_APP_ID',
  'REALTIME_APP_SECRET',
  'VIEWER_TOKEN_SECRET',
  'DEVICE_ID_SECRET',
  'ADMIN_TOKEN',
  'MONITORING_SERVER_CLIENT_TOKEN',
] as const;

export type ServerEnvKey = (typeof SERVER_ENV_KEYS)[number];
