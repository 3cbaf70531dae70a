import { describe, expect, it } from 'vitest';
import { parseCookies, readCookie, serializeCookie } from './cookie-string.ts';

describe('serializeCookie', () => {
  it('writes every attribute in document.cookie syntax', () => {
    expect(
      serializeCookie('player_volume', '0.6', {
        maxAgeSeconds: 31_536_000,
        path: '/',
        domain: 'onair.example',
        sameSite: 'Lax',
        secure: true,
      }),
    ).toBe('player_volume=0.6; Max-Age=31536000; Domain=onair.example; Path=/; SameSite=Lax; Secure');
  });

  it('writes Partitioned last, for a cookie a cross-site frame keeps (CHIPS)', () => {
    expect(serializeCookie('a', 'b', { path: '/', sameSite: 'None', secure: true, partitioned: true })).toBe(
      'a=b; Path=/; SameSite=None; Secure; Partitioned',
    );
    expect(serializeCookie('a', 'b', { partitioned: false })).toBe('a=b');
  });

  it('writes no attribute it was not given and never HttpOnly', () => {
    expect(serializeCookie('a', 'b')).toBe('a=b');
    expect(serializeCookie('a', 'b', { secure: false })).toBe('a=b');
  });

  it('writes an expiry date in HTTP date format', () => {
    expect(serializeCookie('a', '', { maxAgeSeconds: 0, expires: new Date(0) })).toBe(
      'a=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    );
  });

  it('percent-encodes values that would break the cookie string', () => {
    expect(serializeCookie('c', '{"a":1}; x=y')).toBe('c=%7B%22a%22%3A1%7D%3B%20x%3Dy');
  });

  it.each(['', 'a b', 'a;b', 'a=b', 'é'])('refuses the name %j', (name) => {
    expect(() => serializeCookie(name, 'v')).toThrow(TypeError);
  });

  it('refuses attribute values that would inject another attribute', () => {
    expect(() => serializeCookie('a', 'b', { path: '/; Domain=evil.example' })).toThrow(TypeError);
    expect(() => serializeCookie('a', 'b', { domain: '' })).toThrow(TypeError);
    expect(() => serializeCookie('a', 'b', { path: '/\nSet-Cookie: x=y' })).toThrow(TypeError);
    expect(() => serializeCookie('a', 'b', { maxAgeSeconds: Number.NaN })).toThrow(TypeError);
  });
});

describe('parseCookies', () => {
  it('reads name/value pairs and decodes values', () => {
    expect(parseCookies('a=1; b=%7B%22x%22%3Atrue%7D;c=')).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: '{"x":true}' },
      { name: 'c', value: '' },
    ]);
  });

  it('round-trips what serializeCookie writes', () => {
    const value = '{"functional":true,"note":"a; b=c"}';
    const [pair] = serializeCookie('cookie_preferences_set_v1', value, { path: '/' }).split('; ');
    expect(readCookie(pair ?? '', 'cookie_preferences_set_v1')).toBe(value);
  });

  it('keeps duplicates in order and reads the first', () => {
    expect(parseCookies('a=1; a=2').map((pair) => pair.value)).toEqual(['1', '2']);
    expect(readCookie('a=1; a=2', 'a')).toBe('1');
  });

  it('survives fragments without "=", empty input, quoted and badly encoded values', () => {
    expect(parseCookies('')).toEqual([]);
    expect(parseCookies('junk; =x; a="q"; b=%E0%A4%A')).toEqual([
      { name: 'a', value: 'q' },
      { name: 'b', value: '%E0%A4%A' },
    ]);
    expect(readCookie('a=1', 'missing')).toBeUndefined();
  });
});
