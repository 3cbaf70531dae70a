import type { CookieAccess } from './environment.ts';

/**
 * A test double for `document.cookie` that is strict where deletion is decided: a cookie is
 * identified by name, domain (host-only kept apart from a Domain cookie, as Chromium does),
 * path and partition, so an expiring write with the wrong domain, path or partition leaves the
 * cookie alive, exactly as in a browser. Written independently of `cookie-string.ts`, so the
 * two cannot share a bug.
 *
 * Modelled: Max-Age (wins over Expires), Expires, Domain (must domain-match the page), Path
 * (default: the page's directory), Secure (refused from an insecure page except localhost),
 * HttpOnly (refused, as `document.cookie` does), SameSite=None and Partitioned (each refused
 * without Secure), visibility by host, path, partition and expiry.
 *
 * A cross-site frame (`topLevelUrl` on another site) behaves as Chromium with third-party
 * cookies blocked, as measured: only `SameSite=None; Secure; Partitioned` cookies are kept, in
 * the jar of the top-level site, and only those are visible. A site here is the scheme and the
 * last two labels of the host (or the whole host for an IP or a single label): enough for
 * tests, not the public-suffix list.
 */
export interface MemoryCookieJarOptions {
  /** The page that reads and writes, e.g. 'https://player.onair.example/studio-live'. */
  readonly url: string;
  /** The page that frames it, when it is a frame; absent for a top-level page. */
  readonly topLevelUrl?: string;
  /** Milliseconds since the epoch; inject to move time forward. */
  readonly now?: () => number;
}

export interface StoredCookie {
  readonly name: string;
  readonly value: string;
  readonly domain: string;
  readonly hostOnly: boolean;
  readonly path: string;
  readonly expiresAt: number | undefined;
  readonly secure: boolean;
  readonly sameSite: string | undefined;
  /** The top-level site whose jar holds a partitioned cookie; undefined for an unpartitioned one. */
  readonly partitionKey: string | undefined;
}

export interface MemoryCookieJar extends CookieAccess {
  /** Every live cookie, visible from the page or not, for assertions. */
  all(): StoredCookie[];
  /** Moves the page (same jar), e.g. to another subdomain or path, or into a frame on `topLevelUrl`. */
  navigate(url: string, topLevelUrl?: string): void;
}

export function createMemoryCookieJar(options: MemoryCookieJarOptions): MemoryCookieJar {
  const now = options.now ?? (() => Date.now());
  const store = new Map<string, StoredCookie>();
  let page = new URL(options.url);
  let topLevel = new URL(options.topLevelUrl ?? options.url);
  const partition = () => siteOf(topLevel);
  const crossSite = () => siteOf(topLevel) !== siteOf(page);

  const live = () => {
    for (const [key, cookie] of store) {
      if (cookie.expiresAt !== undefined && cookie.expiresAt <= now()) store.delete(key);
    }
    return [...store.values()];
  };

  const write = (text: string) => {
    const [pair = '', ...attributeParts] = text.split(';');
    const separator = pair.indexOf('=');
    if (separator === -1) return;
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    if (name === '') return;

    let maxAge: number | undefined;
    let expires: number | undefined;
    let domain: string | undefined;
    let path: string | undefined;
    let secure = false;
    let sameSite: string | undefined;
    let partitioned = false;
    for (const part of attributeParts) {
      const [rawKey = '', ...rest] = part.split('=');
      const key = rawKey.trim().toLowerCase();
      const attribute = rest.join('=').trim();
      if (key === 'max-age' && /^-?\d+$/.test(attribute)) maxAge = Number(attribute);
      else if (key === 'expires' && !Number.isNaN(Date.parse(attribute))) expires = Date.parse(attribute);
      else if (key === 'domain' && attribute !== '') domain = attribute.replace(/^\./, '').toLowerCase();
      else if (key === 'path' && attribute.startsWith('/')) path = attribute;
      else if (key === 'secure') secure = true;
      else if (key === 'samesite') sameSite = attribute;
      else if (key === 'partitioned') partitioned = true;
      else if (key === 'httponly') return;
    }

    const host = page.hostname;
    if (domain !== undefined && host !== domain && !host.endsWith(`.${domain}`)) return;
    const secureContext = page.protocol === 'https:' || host === 'localhost' || host === '127.0.0.1';
    if (secure && !secureContext) return;
    const sameSiteNone = sameSite?.toLowerCase() === 'none';
    if ((sameSiteNone || partitioned) && !secure) return;
    // Third-party cookies blocked, and no SameSite=Lax or Strict cookie is set from a cross-site frame.
    if (crossSite() && (!partitioned || !sameSiteNone)) return;

    const cookie: StoredCookie = {
      name,
      value,
      domain: domain ?? host,
      hostOnly: domain === undefined,
      path: path ?? defaultPath(page.pathname),
      expiresAt: maxAge !== undefined ? now() + maxAge * 1000 : expires,
      secure,
      sameSite,
      partitionKey: partitioned ? partition() : undefined,
    };
    const key = [
      cookie.name,
      `${cookie.hostOnly ? '' : '.'}${cookie.domain}`,
      cookie.path,
      cookie.partitionKey ?? '',
    ].join('\u0000');
    if (cookie.expiresAt !== undefined && cookie.expiresAt <= now()) store.delete(key);
    else store.set(key, cookie);
  };

  const read = () => {
    const host = page.hostname;
    const secureContext = page.protocol === 'https:' || host === 'localhost' || host === '127.0.0.1';
    return live()
      .filter((cookie) => (cookie.partitionKey === undefined ? !crossSite() : cookie.partitionKey === partition()))
      .filter((cookie) => (cookie.hostOnly ? host === cookie.domain : domainMatches(host, cookie.domain)))
      .filter((cookie) => pathMatches(page.pathname, cookie.path))
      .filter((cookie) => !cookie.secure || secureContext)
      .sort((a, b) => b.path.length - a.path.length)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  };

  return {
    read,
    write,
    all: live,
    navigate(url, topLevelUrl) {
      page = new URL(url);
      topLevel = new URL(topLevelUrl ?? url);
    },
  };
}

function siteOf(url: URL): string {
  const host = url.hostname;
  const registrable = /^[\d.]+$/.test(host) || host.startsWith('[') ? host : host.split('.').slice(-2).join('.');
  return `${url.protocol}//${registrable}`;
}

function domainMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath.charAt(cookiePath.length) === '/';
}

function defaultPath(pathname: string): string {
  const lastSlash = pathname.lastIndexOf('/');
  return lastSlash <= 0 ? '/' : pathname.slice(0, lastSlash);
}
