/**
 * Pure `document.cookie` strings: a serializer for writes and a parser for reads. Written here
 * rather than taken from a library because we need only these two small functions, and the
 * attribute set is fixed by SPEC §9 "Cookies".
 */

export type SameSite = 'Lax' | 'Strict' | 'None';

/** What a script may set; HttpOnly is absent because `document.cookie` cannot set it (SPEC: not httpOnly). */
export interface CookieAttributes {
  readonly maxAgeSeconds?: number;
  readonly expires?: Date;
  readonly path?: string;
  readonly domain?: string;
  readonly sameSite?: SameSite;
  readonly secure?: boolean;
  /**
   * CHIPS: the browser keeps the cookie in a jar of its own per top-level site. The only cookie a
   * cross-site frame may set and read where third-party cookies are blocked; the browser refuses
   * it without `Secure` and, in such a frame, without `SameSite=None`.
   */
  readonly partitioned?: boolean;
}

export interface CookiePair {
  readonly name: string;
  readonly value: string;
}

// RFC 6265 §4.1.1: a cookie name is an RFC 7230 token.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Attribute values end at ';' and may not hold control characters (checked by code point to
// keep control characters out of the pattern).
const isAttributeValue = (value: string) =>
  [...value].every((char) => char !== ';' && char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f);

/**
 * Builds the string to assign to `document.cookie`. The value is percent-encoded (so JSON and
 * spaces survive) and decoded again by `parseCookies`. Invalid names or attribute values are a
 * programming error, not user input, so they throw.
 */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes = {}): string {
  if (!TOKEN.test(name)) throw new TypeError(`Invalid cookie name: ${JSON.stringify(name)}`);
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (attributes.maxAgeSeconds !== undefined) {
    if (!Number.isFinite(attributes.maxAgeSeconds)) throw new TypeError('Cookie max-age must be a finite number');
    parts.push(`Max-Age=${Math.floor(attributes.maxAgeSeconds)}`);
  }
  if (attributes.expires !== undefined) parts.push(`Expires=${attributes.expires.toUTCString()}`);
  if (attributes.domain !== undefined) parts.push(`Domain=${checkAttribute('domain', attributes.domain)}`);
  if (attributes.path !== undefined) parts.push(`Path=${checkAttribute('path', attributes.path)}`);
  if (attributes.sameSite !== undefined) parts.push(`SameSite=${attributes.sameSite}`);
  if (attributes.secure === true) parts.push('Secure');
  if (attributes.partitioned === true) parts.push('Partitioned');
  return parts.join('; ');
}

/**
 * Reads `document.cookie` ("a=1; b=2"). Duplicates are kept in order: the browser lists a name
 * once per (domain, path) it was written under, most specific path first.
 */
export function parseCookies(header: string): CookiePair[] {
  const pairs: CookiePair[] = [];
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    const name = part.slice(0, separator).trim();
    if (name === '') continue;
    pairs.push({ name, value: decodeValue(part.slice(separator + 1).trim()) });
  }
  return pairs;
}

/** The first value of `name`, which is the one written under the most specific path. */
export function readCookie(header: string, name: string): string | undefined {
  return parseCookies(header).find((pair) => pair.name === name)?.value;
}

function checkAttribute(attribute: string, value: string): string {
  if (value === '' || !isAttributeValue(value)) {
    throw new TypeError(`Invalid cookie ${attribute}: ${JSON.stringify(value)}`);
  }
  return value;
}

function decodeValue(raw: string): string {
  const unquoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    // Written by someone else with a stray '%': keep it as it is rather than lose the cookie.
    return unquoted;
  }
}
