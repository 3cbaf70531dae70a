import type { CookieAttributes } from './cookie-string.ts';

/** SPEC §9: Secure everywhere but development; the main site's domain only in production. */
export type CookieEnvironment = 'development' | 'production';

export interface CookieScope {
  readonly environment: CookieEnvironment;
  readonly mainSiteUrl: string;
  /**
   * The page is a frame on another site's page where the §9 attributes cannot work (the browser
   * refuses a SameSite=Lax cookie from a cross-site frame, and blocks third-party cookies), so
   * cookies are written partitioned instead (see `probeCookieReach`).
   */
  readonly partitioned?: boolean;
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
 *
 * Partitioned (a cross-site frame): the same max-age, path and domain, with `SameSite=None;
 * Secure; Partitioned` in place of Lax, because the browser keeps nothing else there. The
 * cookie then lives in the jar of the top-level site that frames the page: a choice made in the
 * embed on one site holds there, and is seen neither on other sites nor on the main site.
 * Secure even in development: the browser refuses a partitioned cookie without it (loopback
 * hosts such as 127.0.0.1 and localhost count as secure; plain http elsewhere keeps nothing).
 */
export function writeAttributes(scope: CookieScope): CookieAttributes {
  const domain = scope.environment === 'production' ? cookieDomainOf(scope.mainSiteUrl) : undefined;
  const partitioned = scope.partitioned === true;
  return {
    maxAgeSeconds: COOKIE_MAX_AGE_SECONDS,
    path: '/',
    sameSite: partitioned ? 'None' : 'Lax',
    secure: partitioned || scope.environment !== 'development',
    ...(partitioned ? { partitioned: true } : {}),
    ...(domain === undefined ? {} : { domain }),
  };
}

/**
 * Every (domain, path) under which an existing cookie may have been written. `document.cookie`
 * reveals names only, and a browser deletes a cookie only when the expiring write names the same
 * domain and path, so we expire each candidate: ours (exactly how `writeAttributes` wrote it),
 * host-only, the page host's parent domains (where analytics and ad scripts put theirs), and the
 * page path's ancestors (the default path of a cookie written without one).
 *
 * Partitioned: a partitioned cookie is a different cookie from an unpartitioned one of the same
 * name, domain and path, and only an expiring write that is itself partitioned (and so
 * `SameSite=None; Secure`) reaches it; each candidate is then expired both ways.
 */
export function deletionAttributes(scope: CookieScope, page: PageLocation | undefined): CookieAttributes[] {
  const firstParty = writeAttributes({ ...scope, partitioned: false });
  const domains = new Set<string | undefined>([undefined, firstParty.domain]);
  if (page !== undefined) for (const domain of parentDomains(page.hostname)) domains.add(domain);
  const paths = new Set<string>(['/']);
  if (page !== undefined) for (const path of ancestorPaths(page.pathname)) paths.add(path);
  const jars: Pick<CookieAttributes, 'sameSite' | 'secure' | 'partitioned'>[] = [
    { sameSite: 'Lax', secure: firstParty.secure ?? false },
  ];
  if (scope.partitioned === true) jars.push({ sameSite: 'None', secure: true, partitioned: true });

  const expired: CookieAttributes[] = [];
  for (const jar of jars) {
    for (const domain of domains) {
      for (const path of paths) {
        expired.push({
          maxAgeSeconds: 0,
          expires: new Date(0),
          path,
          ...jar,
          ...(domain === undefined ? {} : { domain }),
        });
      }
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
