import { z } from './zod.ts';

/** SPEC §3: the monitoring environments the schema accepts, nothing else. */
export const MONITORING_ENVIRONMENTS = [
  'dev',
  'staging',
  'staging-next',
  'staging-loadtest',
  'preproduction',
  'preproduction-next',
  'preproduction-loadtest',
  'prod',
  'production',
  'production-next',
  'production-loadtest',
] as const;
export type MonitoringEnvironment = (typeof MONITORING_ENVIRONMENTS)[number];

/** Where a deployment may have the monitoring SDK keep its session (PUBLIC_MONITORING_SESSION). */
export const MONITORING_SESSIONS = ['memory', 'cookie'] as const;

/**
 * The local platform (`npm start`) serves the API, the images and the embed on one port, and
 * (DESIGN.md) the viewer websocket and realtime endpoints too, so those services default to it. Services it does not provide
 * default to hosts under `.invalid` (RFC 2606: guaranteed never to resolve), so a missing
 * production value fails loudly at the link instead of pointing somewhere plausible but wrong.
 * Production values always come from the deployment.
 */
export const LOCAL_PLATFORM_URL = 'http://127.0.0.1:8080';
const notLocal = (service: string) => `https://${service}.onair.invalid`;

const nonEmpty = z.string().check(z.minLength(1, 'must be a non-empty string'));
const url = (fallback: string) => z._default(nonEmpty, fallback);
/** Keys the embed never reads: absent or '' (an unset line in an env file) both mean "not configured". */
const optionalKey = z.pipe(
  z.optional(z.string()),
  z.transform((value: string | undefined) => (value === '' ? undefined : value)),
);
/** One comma-separated env value, or a JSON array when the config arrives as JSON (links, names). */
const linkList = z.pipe(
  z.optional(z.union([z.string(), z.array(nonEmpty)])),
  z.transform((value: string | string[] | undefined) => {
    if (value === undefined) return [];
    if (Array.isArray(value)) return value;
    return value
      .split(',')
      .map((link) => link.trim())
      .filter((link) => link !== '');
  }),
);

/** SPEC §2 surface modes (the player's SurfaceMode; repeated here so config needs no player). */
export const GPU_SURFACE_MODES = ['video', 'canvas', 'debug_both'] as const;

/**
 * Env-style names (what a deployment sets) to their defaults and rules. `PUBLIC_` marks a value
 * that may be shipped to the browser; nothing here is a secret.
 */
export const publicEnvSchema = z.object({
  PUBLIC_MAIN_SITE_URL: url(LOCAL_PLATFORM_URL),
  PUBLIC_DASHBOARD_URL: url(notLocal('dashboard')),
  PUBLIC_BOUNTIES_URL: url(notLocal('bounties')),
  PUBLIC_DEVELOPER_PORTAL_URL: url(notLocal('developers')),
  PUBLIC_STREAMER_PORTAL_URL: url(notLocal('streamers')),
  PUBLIC_ADMIN_URL: url(notLocal('admin')),
  PUBLIC_ABOUT_URL: url(notLocal('about')),
  PUBLIC_WEB_URL: url(LOCAL_PLATFORM_URL),
  PUBLIC_LOGIN_URL: url(notLocal('login')),
  PUBLIC_FLAGS_URL: url(notLocal('flags')),
  PUBLIC_FILES_URL: url(LOCAL_PLATFORM_URL),
  PUBLIC_SEARCH_URL: url(notLocal('search')),
  PUBLIC_API_URL: url(LOCAL_PLATFORM_URL),
  // HTTP scheme on purpose: the viewer token is fetched over HTTP from this base, and the
  // client derives the ws(s):// connect URL from it.
  PUBLIC_WEBSOCKET_URL: url(LOCAL_PLATFORM_URL),
  PUBLIC_COMMUNITY_URL: url(notLocal('community')),
  PUBLIC_VIEWER_WEBSOCKET_PATH: z._default(nonEmpty, '/viewer/v1/connect'),
  // The local platform's values; the platform stand-in must agree with them.
  PUBLIC_WEBSOCKET_CLIENT_TOKEN: z._default(nonEmpty, 'onair-local-client'),
  PUBLIC_REALTIME_CLUSTER: z._default(nonEmpty, 'us2'),
  PUBLIC_REALTIME_KEY: z._default(nonEmpty, 'onair-local-key'),
  // The realtime service's own host when it is not the provider's cluster endpoint (a
  // Pusher-compatible server, like the local platform's); unset: ws-<cluster>.pusher.com.
  PUBLIC_REALTIME_HOST_URL: optionalKey,
  // The device-identification service's browser key (public by design; the local platform's default).
  PUBLIC_DEVICE_ID_API_KEY: z._default(nonEmpty, 'onair-local-device-key'),
  // Monitoring client tokens are designed to be public (the provider calls them client tokens
  // for that reason); the local intake accepts any value.
  PUBLIC_MONITORING_CLIENT_TOKEN: z._default(nonEmpty, 'onair-local-intake'),
  PUBLIC_MONITORING_ENVIRONMENT: z._default(z.enum(MONITORING_ENVIRONMENTS), 'dev'),
  // Where the monitoring SDK keeps its session. 'memory' (the default): nothing on the device,
  // so errors are sent as strictly necessary, with or without consent (SPEC §9, docs/consent.md).
  // 'cookie': one session across page loads, which is a performance cookie: then nothing is
  // sent, errors from before start-up included, until the viewer allows performance.
  PUBLIC_MONITORING_SESSION: z._default(z.enum(MONITORING_SESSIONS), 'memory'),
  PUBLIC_BOT_PROTECTION_SITE_KEY: optionalKey,
  PUBLIC_CARD_PAYMENT_PUBLIC_KEY: optionalKey,
  PUBLIC_SEARCH_API_KEY: optionalKey,
  PUBLIC_SUPPORT_CHAT_APP_ID: optionalKey,
  PUBLIC_CHAT_INVITE_LINKS: linkList,
  // The GPU surface (SPEC §2, §5): its mode, entries added to the GPU allow-list (`*` allows
  // all), and the deployment's assignment of the GPU experiment (`…_config_<base64 JSON>`, the
  // player's gpu-options.ts says what it may carry), which wins over the mode here.
  PUBLIC_GPU_SURFACE_MODE: z._default(z.enum(GPU_SURFACE_MODES), 'video'),
  PUBLIC_GPU_ALLOWED_VENDORS: linkList,
  PUBLIC_GPU_ALLOWED_ARCHITECTURES: linkList,
  PUBLIC_GPU_EXPERIMENT: optionalKey,
  // The Cast sender framework's script (SPEC §1 cast sink). The local platform serves its
  // stand-in (no Chromecast exists there) and sets this to it; unset: no cast button.
  PUBLIC_CAST_SDK_URL: optionalKey,
});
export type PublicEnv = z.output<typeof publicEnvSchema>;
export type PublicEnvKey = keyof z.input<typeof publicEnvSchema>;

/**
 * The typed view the code reads. Names follow one mechanical rule so nobody has to look them up:
 * drop `PUBLIC_`, camelCase the rest (`PUBLIC_MAIN_SITE_URL` → `mainSiteUrl`).
 */
export type PublicConfig = { readonly [K in keyof PublicEnv as ConfigName<K & string>]: Readonly<PublicEnv[K]> };

type ConfigName<K extends string> = K extends `PUBLIC_${infer Rest}` ? CamelCase<Lowercase<Rest>> : never;
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

export function configName(envKey: string): string {
  return envKey
    .replace(/^PUBLIC_/, '')
    .toLowerCase()
    .replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** Frozen so "validated once" cannot drift at run time. */
export function toPublicConfig(env: PublicEnv): PublicConfig {
  const entries = Object.entries(env).map(([key, value]) => [
    configName(key),
    Array.isArray(value) ? Object.freeze([...value]) : value,
  ]);
  return Object.freeze(Object.fromEntries(entries)) as PublicConfig;
}
