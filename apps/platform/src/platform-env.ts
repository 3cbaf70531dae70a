import { randomBytes } from 'node:crypto';
import { serverEnvSchema, type ConfigIssue } from '@onair/config/server';
import type { AdminAccess } from './admin-gate.ts';
import type { EmbedPolicy } from './embed-static.ts';
import { isOrigin } from './self-origin.ts';

/** What `main.ts` starts with, read from the environment (platformEnv). */
export interface PlatformEnv {
  admin: AdminAccess | null;
  /** The admin token was made up at start (loopback, none given): the operator is shown it. */
  adminTokenGenerated: boolean;
  /** ORIGINS: the origins it answers as (self-origin.ts); undefined on loopback without it. */
  origins: readonly string[] | undefined;
  /** EMBED_FRAME_ANCESTORS and EMBED_CONNECT_SRC: who frames the embed, more origins it reaches. */
  embedPolicy: EmbedPolicy;
}

/** Why the platform will not start, one line per setting to fix. */
export class PlatformEnvError extends Error {
  override readonly name = 'PlatformEnvError';
  constructor(readonly issues: readonly ConfigIssue[]) {
    super(`The platform cannot start: ${issues.map((i) => `${i.key} ${i.message}`).join('; ')}`);
  }
}

/** Hosts only this machine can reach: the demo's and the tests' (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

const BLANK_SECRET = 'is blank (empty or only whitespace): set a real secret, or leave it unset on loopback';

const ON = new Set(['1', 'true', 'on']);
const OFF = new Set(['', '0', 'false', 'off']);

/**
 * The rules a platform starts under (issue: "nothing lost, no one let in"):
 * - the testing hooks are off unless `ADMIN=1`, and then answer only `ADMIN_TOKEN`'s bearer;
 *   on loopback a missing token is made up (`randomToken`) and shown to the operator;
 * - a secret that is set must be a secret: blank or whitespace is refused on every host (read
 *   as unset, it would quietly put the public default to work; secrets.ts);
 * - bound where others can reach it, every secret must be set (the local defaults are public),
 *   the hooks need a token given, never a made-up one nobody else could know about, and
 *   `ORIGINS` says which origins it serves as (its URLs are never built on a Host header).
 * Throws PlatformEnvError naming every setting to fix.
 */
export function platformEnv(
  env: Readonly<Record<string, string | undefined>>,
  host: string,
  randomToken: () => string = () => randomBytes(24).toString('base64url'),
): PlatformEnv {
  const issues: ConfigIssue[] = [];
  const adminFlag = (env.ADMIN ?? '').trim().toLowerCase();
  if (!ON.has(adminFlag) && !OFF.has(adminFlag)) issues.push({ key: 'ADMIN', message: 'must be 1 or 0' });
  const adminOn = ON.has(adminFlag);
  const loopback = isLoopbackHost(host);

  const token = env.ADMIN_TOKEN === '' ? undefined : env.ADMIN_TOKEN;
  const tokenCheck = serverEnvSchema.shape.ADMIN_TOKEN.safeParse(token);
  if (!tokenCheck.success) issues.push({ key: 'ADMIN_TOKEN', message: tokenCheck.error.issues[0]!.message });
  // The secrets, by the server schema (packages/config): a blank one (set, but empty or only
  // whitespace) is refused on every host, naming it; one unset is refused off loopback only,
  // where its public local default would be a known key.
  const secrets = serverEnvSchema.safeParse({ ...env, ADMIN_TOKEN: undefined });
  const refusedSecrets = secrets.success ? [] : secrets.error.issues.map((issue) => issue.path.map(String).join('.'));
  for (const key of new Set(refusedSecrets)) {
    if (env[key] !== undefined) {
      issues.push({ key, message: BLANK_SECRET });
    } else if (!loopback) {
      issues.push({ key, message: `must be set on a host others can reach (${host})` });
    }
  }
  if (!loopback) {
    if (adminOn && token === undefined) {
      issues.push({ key: 'ADMIN_TOKEN', message: `must be set for ADMIN=1 on a host others can reach (${host})` });
    }
  }
  const origins = env.ORIGINS?.split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  if (origins && origins.length > 0 && !origins.every(isOrigin)) {
    issues.push({ key: 'ORIGINS', message: 'must be http(s) origins without a path, comma-separated' });
  } else if (!loopback && !origins?.length) {
    issues.push({ key: 'ORIGINS', message: `must be set on a host others can reach (${host})` });
  }
  const frameAncestors = sourceList(env.EMBED_FRAME_ANCESTORS);
  if (frameAncestors && !frameAncestors.every((source) => source === '*' || isSource(source))) {
    issues.push({
      key: 'EMBED_FRAME_ANCESTORS',
      message: 'must be * or origins (https://*.example.com), space-separated',
    });
  }
  const extraOrigins = sourceList(env.EMBED_CONNECT_SRC);
  if (extraOrigins && !extraOrigins.every(isSource)) {
    issues.push({ key: 'EMBED_CONNECT_SRC', message: 'must be origins (https://*.example.com), space-separated' });
  }
  if (issues.length > 0) throw new PlatformEnvError(issues);
  const settings = {
    origins: origins?.length ? origins : undefined,
    embedPolicy: { ...(frameAncestors && { frameAncestors }), ...(extraOrigins && { extraOrigins }) },
  };
  if (!adminOn) return { admin: null, adminTokenGenerated: false, ...settings };
  return { admin: { token: token ?? randomToken() }, adminTokenGenerated: token === undefined, ...settings };
}

/** A space-separated CSP source list; undefined when unset or empty. */
export function sourceList(value: string | undefined): string[] | undefined {
  const sources = value?.split(/\s+/).filter((source) => source !== '');
  return sources?.length ? sources : undefined;
}

/** An origin as a CSP source: scheme, host (a leading `*.` allowed), optional port; nothing else. */
export function isSource(source: string): boolean {
  return /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i.test(source);
}
