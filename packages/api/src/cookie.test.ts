import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentCookies, readCookie } from './cookie.ts';

describe('readCookie', () => {
  it('finds a cookie by exact name among others', () => {
    const cookies = 'cookie_preferences_set_v1=1; session_token=abc%7C123; xsession_token=no';
    expect(readCookie(cookies, 'session_token')).toBe('abc|123');
    expect(readCookie(cookies, 'xsession_token')).toBe('no');
    expect(readCookie(cookies, 'session')).toBeUndefined();
    expect(readCookie('', 'session_token')).toBeUndefined();
  });

  it('keeps a value with "=" in it, and one that does not percent-decode', () => {
    expect(readCookie('t=a=b==', 't')).toBe('a=b==');
    expect(readCookie('t=%E0%A4%A', 't')).toBe('%E0%A4%A');
  });
});

describe('documentCookies', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads document.cookie where there is a document, nothing elsewhere', () => {
    expect(documentCookies('session_token')).toBeUndefined();
    vi.stubGlobal('document', { cookie: 'session_token=tok' });
    expect(documentCookies('session_token')).toBe('tok');
  });
});
