/**
 * @onair/config — the environment schema of SPEC §3 "Environment configuration".
 *
 * Public settings (`PUBLIC_*`) are validated once at start by `loadPublicConfig` and read as a
 * frozen camelCase object (`PUBLIC_MAIN_SITE_URL` → `mainSiteUrl`). Every key has a local
 * default pointing at the platform stand-in (`http://127.0.0.1:8080`) or, for services it does
 * not provide, at an `.invalid` host; production values come from the deployment.
 *
 * How the embed gets them: the embed is a static build served by the platform, so it is not
 * rebuilt per environment. The platform hands it the public configuration at serve time, either
 * inlined as JSON in the HTML page or at a config endpoint (the platform's choice); the embed
 * reads that text with `parsePublicConfigJson`, which never throws and returns a typed
 * `ConfigError` for malformed JSON, a non-object, a leaked server-only key or an invalid value.
 *
 * Server-only settings live in a separate schema behind `createServerConfig`, whose properties
 * throw when read in a browser (SPEC §8 'Server-only variable read on the client'). They have
 * their own entry, `@onair/config/server`: the embed imports this one and ships only the
 * names of the server's settings (to refuse a page that leaks one), never their schema.
 */
export { ConfigError } from './config-error.ts';
export type { ConfigErrorCode, ConfigIssue } from './config-error.ts';
export { loadPublicConfig, parsePublicConfigJson } from './load-public-config.ts';
export type { PublicConfigResult } from './load-public-config.ts';
export {
  LOCAL_PLATFORM_URL,
  MONITORING_ENVIRONMENTS,
  MONITORING_SESSIONS,
  configName,
  publicEnvSchema,
} from './public-config.ts';
export type { MonitoringEnvironment, PublicConfig, PublicEnv, PublicEnvKey } from './public-config.ts';
export { SERVER_ENV_KEYS, type ServerEnvKey } from './server-env-keys.ts';
