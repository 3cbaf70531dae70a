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
});
