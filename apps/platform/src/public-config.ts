/**
 * The embed's public configuration, handed over at serve time inside the page (no extra
 * request before the first frame): every `PUBLIC_*` variable of the platform's environment,
 * plus, for the services this process itself provides, its own origin as seen by the request.
 * The embed validates it with its schema (packages/config) and shows the misconfigured screen
 * when it does not pass. Server-only variables never get here: only the PUBLIC_ prefix is read.
 */
const SELF_SERVED = [
  'PUBLIC_MAIN_SITE_URL',
  'PUBLIC_WEB_URL',
  'PUBLIC_API_URL',
  'PUBLIC_FILES_URL',
  'PUBLIC_WEBSOCKET_URL',
  'PUBLIC_REALTIME_HOST_URL',
] as const;

export function publicConfigFor(
  origin: string,
  env: NodeJS.ProcessEnv = process.env,
  options: { castStandIn?: boolean } = {},
): Record<string, string> {
  const config: Record<string, string> = {};
  for (const key of SELF_SERVED) config[key] = origin;
  // No Chromecast exists here: where the testing hooks are mounted, the platform's stand-in
  // framework (cast/cast-pages.ts) plays its part. Elsewhere PUBLIC_CAST_SDK_URL names Google's.
  if (options.castStandIn) config.PUBLIC_CAST_SDK_URL = `${origin}/cast/sender.js`;
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith('PUBLIC_') && value !== undefined) config[key] = value;
  }
  return config;
}

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const CONFIG_ELEMENT_ID = 'onair-config';

/**
 * Puts the configuration element at the start of <head>, before any script reads it. A
 * function replacer: a string one would read `$'`, `$&`… in a value as replacement patterns.
 */
export function injectConfig(html: string, config: Record<string, string>): string {
  const element = `<script id="${CONFIG_ELEMENT_ID}" type="application/json">${scriptSafeJson(config)}</script>`;
  return html.includes('<head>') ? html.replace('<head>', () => `<head>\n    ${element}`) : element + html;
}
