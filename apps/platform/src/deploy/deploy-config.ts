import { parseEnv } from 'node:util';
import { parsePublicConfigJson, type ConfigIssue } from '@onair/config';
import { publicConfigFor } from '../public-config.ts';
import { isSource, sourceList } from '../platform-env.ts';
import { isOrigin } from '../self-origin.ts';
import { ANY_SITE, type FrameAncestors } from '../security-headers.ts';

/**
 * The embed deployed behind a web server of one's own (issue 37): what `npm run build:embed`
 * reads from one env-style file (deploy/onair.env documents every key). The platform computes
 * the page's configuration and policy per request; a static folder has them fixed at build
 * time, from here.
 */
export interface DeployConfig {
  /** ONAIR_ORIGIN: where visitors reach the embed; the services default to it. */
  origin: string;
  /** NGINX_LISTEN: nginx's `listen` (a port, or address:port). */
  listen: string;
  /** NGINX_SERVER_NAME: nginx's `server_name`. */
  serverName: string;
  /** SERVICES_UPSTREAM: where nginx forwards the platform's services; null: not forwarded. */
  upstream: string | null;
  frameAncestors: FrameAncestors;
  extraOrigins: readonly string[];
  /** The page's public configuration (every PUBLIC_* key), checked by the embed's own schema. */
  publicConfig: Record<string, string>;
}

/** Every key the file may hold besides PUBLIC_* ones: a misspelt key is an error, not ignored. */
const KEYS = [
  'ONAIR_ORIGIN',
  'NGINX_LISTEN',
  'NGINX_SERVER_NAME',
  'SERVICES_UPSTREAM',
  'EMBED_FRAME_ANCESTORS',
  'EMBED_CONNECT_SRC',
] as const;

/** Why the file cannot be built from, one line per key. */
export class DeployConfigError extends Error {
  override readonly name = 'DeployConfigError';
  constructor(readonly issues: readonly ConfigIssue[]) {
    super(`The deployment configuration is not usable:\n${issues.map((i) => `  ${i.key} ${i.message}`).join('\n')}`);
  }
}

const LISTEN = /^((\[[0-9a-f:]+\]|[a-z0-9.-]+):)?\d{1,5}$/i;
const SERVER_NAME = /^[a-z0-9*_.-]+( [a-z0-9*_.-]+)*$/i;

/** Reads the file's text (KEY=value lines, `#` comments); throws DeployConfigError naming every bad key. */
export function readDeployConfig(text: string): DeployConfig {
  const env = parseEnv(text) as Record<string, string>;
  const issues: ConfigIssue[] = [];
  for (const key of Object.keys(env)) {
    if (!key.startsWith('PUBLIC_') && !(KEYS as readonly string[]).includes(key)) {
      issues.push({ key, message: 'is not a setting of the deployment (see deploy/onair.env)' });
    }
  }
  const origin = env.ONAIR_ORIGIN?.trim() ?? '';
  if (!isOrigin(origin)) issues.push({ key: 'ONAIR_ORIGIN', message: 'must be an http(s) origin without a path' });
  const listen = env.NGINX_LISTEN?.trim() || '80';
  if (!LISTEN.test(listen)) issues.push({ key: 'NGINX_LISTEN', message: 'must be a port or address:port' });
  const serverName = env.NGINX_SERVER_NAME?.trim() || '_';
  if (!SERVER_NAME.test(serverName)) {
    issues.push({ key: 'NGINX_SERVER_NAME', message: 'must be host names, space-separated' });
  }
  const upstream = env.SERVICES_UPSTREAM?.trim() || null;
  if (upstream !== null && !isOrigin(upstream)) {
    issues.push({ key: 'SERVICES_UPSTREAM', message: 'must be an http(s) origin without a path, or empty' });
  }
  const frameAncestors = sourceList(env.EMBED_FRAME_ANCESTORS) ?? ANY_SITE;
  if (!frameAncestors.every((source) => source === '*' || isSource(source))) {
    issues.push({
      key: 'EMBED_FRAME_ANCESTORS',
      message: 'must be * or origins (https://*.example.com), space-separated',
    });
  }
  const extraOrigins = sourceList(env.EMBED_CONNECT_SRC) ?? [];
  if (!extraOrigins.every(isSource)) {
    issues.push({ key: 'EMBED_CONNECT_SRC', message: 'must be origins (https://*.example.com), space-separated' });
  }
  // The services this origin forwards default to it, as the platform's own do to itself.
  const publicConfig = publicConfigFor(isOrigin(origin) ? origin : 'http://invalid', env);
  const checked = parsePublicConfigJson(JSON.stringify(publicConfig));
  if (!checked.ok) {
    const found = checked.error.issues;
    issues.push(...(found.length > 0 ? found : [{ key: 'PUBLIC_*', message: checked.error.message }]));
  }
  if (issues.length > 0) throw new DeployConfigError(issues);
  return { origin, listen, serverName, upstream, frameAncestors, extraOrigins, publicConfig };
}
