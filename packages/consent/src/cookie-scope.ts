import type { CookieAttributes } from './cookie-string.ts';

/** SPEC §9: Secure everywhere but development; the main site's domain only in production. */
export type CookieEnvironment = 'development' | 'production';

export interface CookieScope {
  readonly environment: CookieEnvironment;
  readonly mainSiteUrl: string;
}

/** Where the page that reads and writes the cookies is; only used to find cookies to delete. */
export interface PageLocation {
  readonly hostname: string;
  readonly pathname: string;
}

export const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Attributes of every cookie this package writes. In production the domain is the main site's
 * host, so a choice made on the main site and the embed's own cookies are shared across its
 * subdomains; an embed served from a host outside that domain cannot write such cookies at all
 * (the browser rejects the write), which is a deployment constraint, not a bug to work around.
 */
export function writeAttributes(scope: CookieScope): CookieAttributes {
  const domain = scope.environment === 'production' ? cookieDomainOf(scope.mainSiteUrl) : undefined;
  return {
    maxAgeSeconds: COOKIE_MAX_AGE_SECONDS,
    path: '/',
    sameSite: 'Lax',
    secure: scope.environment !== 'development',
    ...(domain === undefined ? {} : { domain }),
  };
}

/**
 * Every (domain, path) under which an existing cookie may have been written. `document.cookie`
 * reveals names only, and a browser deletes a cookie only when the expiring write names the same
 * domain and path, so we expire each candidate: ours (exactly how `writeAttributes` wrote it),
 * host-only, the page host's parent domains (where analytics and ad scripts put theirs), and the
 * page path's ancestors (the default path of a cookie written without one).
 */
export function deletionAttributes(scope: CookieScope, page: PageLocation | undefined): CookieAttributes[] {
  const write = writeAttributes(scope);
  const domains = new Set<string | undefined>([undefined, write.domain]);
  if (page !== undefined) for (const domain of parentDomains(page.hostname)) domains.add(domain);
  const paths = new Set<string>(['/']);
  if (page !== undefined) for (const path of ancestorPaths(page.pathname)) paths.add(path);

  const expired: CookieAttributes[] = [];
  for (const domain of domains) {
    for (const path of paths) {
      expired.push({
        maxAgeSeconds: 0,
        expires: new Date(0),
        path,
        sameSite: 'Lax',
        secure: write.secure ?? false,
        ...(domain === undefined ? {} : { domain }),
      });
    }
  }
  return expired;
}

/** The host of the main site, or undefined where a Domain attribute would be refused (IPs, single labels). */
export function cookieDomainOf(url: string): string | undefined {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return undefined;
  }
  return isDomainName(hostname) ? hostname : undefined;
}

function parentDomains(hostname: string): string[] {
  if (!isDomainName(hostname)) return [];
  const labels = hostname.split('.');
  const domains: string[] = [];
  // Stop before the last label: a bare TLD is never a cookie domain.
  for (let start = 0; start < labels.length - 1; start += 1) domains.push(labels.slice(start).join('.'));
  return domains;
}

function ancestorPaths(pathname: string): string[] {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const paths: string[] = [];
  // The last segment is the page itself; a cookie's default path is the directory above it.
  for (let end = 1; end < segments.length; end += 1) paths.push(`/${segments.slice(0, end).join('/')}`);
  return paths;
}

function isDomainName(hostname: string): boolean {
  return hostname.includes('.') && !/^[\d.]+$/.test(hostname) && !hostname.includes(':');
}
