import { describe, expect, it } from 'vitest';
import { createMemoryCookieJar } from './memory-cookie-jar.ts';

// The store's deletion tests are only as good as this double, so its browser rules are pinned here.
describe('memory cookie jar', () => {
  const page = 'https://player.onair.example/studio-live';

  it('expires a cookie after its max-age, and max-age wins over expires', () => {
    let now = 1_000_000;
    const jar = createMemoryCookieJar({ url: page, now: () => now });
    jar.write('a=1; Max-Age=10; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/');
    expect(jar.read()).toBe('a=1');
    now += 10_001;
    expect(jar.read()).toBe('');
  });

  it('deletes only on a matching name, domain and path', () => {
    const jar = createMemoryCookieJar({ url: page });
    jar.write('a=1; Path=/; Domain=onair.example');
    jar.write('a=; Max-Age=0; Path=/');
    jar.write('a=; Max-Age=0; Path=/other; Domain=onair.example');
    expect(jar.read()).toBe('a=1');
    jar.write('a=; Max-Age=0; Path=/; Domain=.onair.example');
    expect(jar.read()).toBe('');
  });

  it('keeps a host-only cookie apart from a Domain cookie of the same host', () => {
    const jar = createMemoryCookieJar({ url: page });
    jar.write('a=host; Path=/');
    jar.write('a=domain; Path=/; Domain=player.onair.example');
    expect(jar.all()).toHaveLength(2);
  });

  it('refuses a domain the page does not belong to, HttpOnly, and Secure on an insecure page', () => {
    const jar = createMemoryCookieJar({ url: 'http://player.onair.example/x' });
    jar.write('a=1; Domain=elsewhere.example');
    jar.write('b=1; HttpOnly');
    jar.write('c=1; Secure');
    expect(jar.all()).toEqual([]);
  });

  it('shows cookies by host and path', () => {
    const jar = createMemoryCookieJar({ url: 'https://onair.example/a/b' });
    jar.write('deep=1');
    jar.write('shared=1; Domain=onair.example; Path=/');
    expect(jar.all().find((cookie) => cookie.name === 'deep')?.path).toBe('/a');
    jar.navigate('https://player.onair.example/z');
    expect(jar.read()).toBe('shared=1');
  });

  describe('in a cross-site frame (third-party cookies blocked, as Chromium does)', () => {
    const embed = 'http://127.0.0.1:8080/studio-live';
    const blog = 'http://localhost:9000/post';

    it('keeps only SameSite=None; Secure; Partitioned cookies, in the top-level site’s jar', () => {
      const jar = createMemoryCookieJar({ url: embed, topLevelUrl: blog });
      jar.write('lax=1; Path=/; SameSite=Lax');
      jar.write('none=1; Path=/; SameSite=None; Secure');
      jar.write('chipsLax=1; Path=/; SameSite=Lax; Secure; Partitioned');
      jar.write('insecure=1; Path=/; SameSite=None; Partitioned');
      jar.write('chips=1; Path=/; SameSite=None; Secure; Partitioned');
      expect(jar.read()).toBe('chips=1');
      expect(jar.all().map((cookie) => cookie.partitionKey)).toEqual(['http://localhost']);
    });

    it('deletes a partitioned cookie only with a partitioned expiring write', () => {
      const jar = createMemoryCookieJar({ url: embed, topLevelUrl: blog });
      jar.write('a=1; Path=/; SameSite=None; Secure; Partitioned');
      jar.write('a=; Max-Age=0; Path=/; SameSite=None; Secure');
      expect(jar.read()).toBe('a=1');
      jar.write('a=; Max-Age=0; Path=/; SameSite=None; Secure; Partitioned');
      expect(jar.read()).toBe('');
    });

    it('shows a partitioned cookie on that site only, and first-party cookies never', () => {
      const jar = createMemoryCookieJar({ url: embed });
      jar.write('own=1; Path=/');
      jar.navigate(embed, blog);
      expect(jar.read()).toBe('');
      jar.write('chips=1; Path=/; SameSite=None; Secure; Partitioned');
      jar.navigate(embed, 'http://news.example/article');
      expect(jar.read()).toBe('');
      jar.navigate(embed);
      expect(jar.read()).toBe('own=1');
      jar.navigate(embed, blog);
      expect(jar.read()).toBe('chips=1');
    });

    it('treats a frame on the same site as first-party', () => {
      const jar = createMemoryCookieJar({
        url: 'https://player.onair.example/x',
        topLevelUrl: 'https://www.onair.example/',
      });
      jar.write('lax=1; Path=/; SameSite=Lax');
      expect(jar.read()).toBe('lax=1');
    });
  });
});
