import { describe, expect, it } from 'vitest';
import { COOKIE_PROBE_NAME, probeCookieReach } from './cookie-reach.ts';
import { createMemoryCookieJar } from './memory-cookie-jar.ts';

const EMBED = 'http://127.0.0.1:8080/studio-live';
const dev = { environment: 'development', mainSiteUrl: 'http://127.0.0.1:8080' } as const;

describe('probeCookieReach', () => {
  it('a top-level page keeps first-party cookies', () => {
    expect(probeCookieReach(createMemoryCookieJar({ url: EMBED }), dev)).toBe('first-party');
  });

  it('a frame on a page of the same site does too', () => {
    const jar = createMemoryCookieJar({
      url: 'https://player.onair.example/studio-live',
      topLevelUrl: 'https://www.onair.example/watch',
    });
    expect(probeCookieReach(jar, { environment: 'production', mainSiteUrl: 'https://onair.example' })).toBe(
      'first-party',
    );
  });

  it('a frame on another site keeps only partitioned ones', () => {
    const jar = createMemoryCookieJar({ url: EMBED, topLevelUrl: 'http://localhost:9000/post' });
    expect(probeCookieReach(jar, dev)).toBe('partitioned');
  });

  it('a page whose cookie access throws, or keeps nothing, has none', () => {
    const throwing = {
      read: () => '',
      write: () => {
        throw new DOMException('sandboxed', 'SecurityError');
      },
    };
    expect(probeCookieReach(throwing, dev)).toBe('none');
    expect(probeCookieReach({ read: () => '', write: () => {} }, dev)).toBe('none');
  });

  it('leaves no probe behind, in either jar', () => {
    for (const topLevelUrl of [undefined, 'http://localhost:9000/post']) {
      const jar = createMemoryCookieJar({ url: EMBED, ...(topLevelUrl ? { topLevelUrl } : {}) });
      probeCookieReach(jar, dev);
      expect(jar.all().map((cookie) => cookie.name)).not.toContain(COOKIE_PROBE_NAME);
    }
  });
});
