/** `@onair/config/server`: the server-only settings (index.ts says why this is its own entry). */
export { ConfigError } from './config-error.ts';
export type { ConfigIssue } from './config-error.ts';
export { SERVER_ENV_KEYS, createServerConfig, defaultIsBrowser, serverEnvSchema } from './server-config.ts';
export type { ServerConfig, ServerConfigOptions, ServerEnvKey } from './server-config.ts';
