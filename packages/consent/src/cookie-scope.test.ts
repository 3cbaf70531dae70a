import { describe, expect, it } from 'vitest';
import { COOKIE_MAX_AGE_SECONDS, cookieDomainOf, deletionAttributes, writeAttributes } from './cookie-scope.ts';

describe('writeAttributes (SPEC §9 "Cookies")', () => {
  it('in production: 365 days, path /, Lax, Secure, the main site host as domain', () => {
    expect(writeAttributes({ environment: 'production', mainSiteUrl: 'https://onair.example/home' })).toEqual({
      maxAgeSeconds: 365 * 24 * 60 * 60,
      path: '/',
      sameSite: 'Lax',
      secure: true,
      domain: 'onair.example',
    });
    expect(COOKIE_MAX_AGE_SECONDS).toBe(31_536_000);
  });

  it('in development: not Secure and host-only', () => {
    const attributes = writeAttributes({ environment: 'development', mainSiteUrl: 'https://onair.example' });
    expect(attributes.secure).toBe(false);
    expect(attributes).not.toHaveProperty('domain');
  });

  it('omits a domain the browser would refuse', () => {
    expect(cookieDomainOf('http://127.0.0.1:8080')).toBeUndefined();
    expect(cookieDomainOf('http://localhost:8080')).toBeUndefined();
    expect(cookieDomainOf('http://[::1]:8080')).toBeUndefined();
    expect(cookieDomainOf('not a url')).toBeUndefined();
    expect(writeAttributes({ environment: 'production', mainSiteUrl: 'http://127.0.0.1:8080' })).not.toHaveProperty(
      'domain',
    );
  });
});

describe('writeAttributes in a cross-site frame (partitioned)', () => {
  it('keeps max-age, path and domain, with SameSite=None; Secure; Partitioned in place of Lax', () => {
    expect(
      writeAttributes({ environment: 'production', mainSiteUrl: 'https://onair.example', partitioned: true }),
    ).toEqual({
      maxAgeSeconds: COOKIE_MAX_AGE_SECONDS,
      path: '/',
      sameSite: 'None',
      secure: true,
      partitioned: true,
      domain: 'onair.example',
    });
  });

  it('is Secure in development too: the browser keeps no partitioned cookie without it', () => {
    const attributes = writeAttributes({
      environment: 'development',
      mainSiteUrl: 'http://127.0.0.1:8080',
      partitioned: true,
    });
    expect(attributes).toMatchObject({ sameSite: 'None', secure: true, partitioned: true });
    expect(attributes).not.toHaveProperty('domain');
  });
});

describe('deletionAttributes', () => {
  const scope = { environment: 'production', mainSiteUrl: 'https://onair.example' } as const;

  it('expires under host-only, our domain, parent domains and ancestor paths', () => {
    const candidates = deletionAttributes(scope, {
      hostname: 'player.onair.example',
      pathname: '/studio-live/offline',
    });
    const scopes = candidates.map((attributes) => `${attributes.domain ?? '(host)'} ${attributes.path}`).sort();
    expect(scopes).toEqual(
      [
        '(host) /',
        '(host) /studio-live',
        'onair.example /',
        'onair.example /studio-live',
        'player.onair.example /',
        'player.onair.example /studio-live',
      ].sort(),
    );
    for (const attributes of candidates) {
      expect(attributes.maxAgeSeconds).toBe(0);
      expect(attributes.expires?.getTime()).toBe(0);
    }
  });

  it('without a page location, expires exactly where this package writes', () => {
    const scopes = deletionAttributes(scope, undefined).map((attributes) => attributes.domain);
    expect(scopes).toEqual([undefined, 'onair.example']);
    expect(deletionAttributes(scope, undefined).some((attributes) => attributes.partitioned)).toBe(false);
  });

  it('partitioned: expires every candidate in both jars, the partitioned one as the browser requires', () => {
    const candidates = deletionAttributes({ ...scope, partitioned: true }, undefined);
    expect(candidates.map((attributes) => [attributes.domain, attributes.sameSite, attributes.partitioned])).toEqual([
      [undefined, 'Lax', undefined],
      ['onair.example', 'Lax', undefined],
      [undefined, 'None', true],
      ['onair.example', 'None', true],
    ]);
    for (const attributes of candidates.filter((candidate) => candidate.partitioned)) {
      expect(attributes).toMatchObject({ secure: true, maxAgeSeconds: 0, path: '/' });
    }
  });
});
