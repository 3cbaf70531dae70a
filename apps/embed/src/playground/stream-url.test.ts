import { describe, expect, it } from 'vitest';
import {
  EMPTY_URL_MESSAGE,
  INVALID_URL_MESSAGE,
  NOT_HTTP_MESSAGE,
  isSameOrigin,
  parseStreamUrl,
} from './stream-url.ts';

const BASE = 'http://127.0.0.1:8080/playground';

describe('parseStreamUrl', () => {
  it('takes an absolute http(s) URL as it is', () => {
    expect(parseStreamUrl(' https://cdn.example/live/master.m3u8 ', BASE)).toEqual({
      ok: true,
      url: 'https://cdn.example/live/master.m3u8',
    });
  });

  it("resolves a path against the page's origin", () => {
    expect(parseStreamUrl('/hls/studio-live/master.m3u8', BASE)).toEqual({
      ok: true,
      url: 'http://127.0.0.1:8080/hls/studio-live/master.m3u8',
    });
  });

  it('refuses nothing typed', () => {
    expect(parseStreamUrl('   ', BASE)).toEqual({ ok: false, message: EMPTY_URL_MESSAGE });
  });

  it('refuses what is not a URL', () => {
    expect(parseStreamUrl('http://', BASE)).toEqual({ ok: false, message: INVALID_URL_MESSAGE });
    expect(parseStreamUrl('not a url', BASE)).toEqual({ ok: false, message: INVALID_URL_MESSAGE });
  });

  it('refuses other schemes', () => {
    expect(parseStreamUrl('javascript:alert(1)', BASE)).toEqual({ ok: false, message: NOT_HTTP_MESSAGE });
    expect(parseStreamUrl('file:///etc/passwd', BASE)).toEqual({ ok: false, message: NOT_HTTP_MESSAGE });
    expect(parseStreamUrl('localhost:8080/x.m3u8', BASE)).toEqual({ ok: false, message: NOT_HTTP_MESSAGE });
  });
});

describe('isSameOrigin', () => {
  it("tells the page's origin from another", () => {
    expect(isSameOrigin('http://127.0.0.1:8080/hls/a.m3u8', 'http://127.0.0.1:8080')).toBe(true);
    expect(isSameOrigin('http://localhost:8080/hls/a.m3u8', 'http://127.0.0.1:8080')).toBe(false);
  });
});
