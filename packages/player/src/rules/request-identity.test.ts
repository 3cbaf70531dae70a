import { describe, expect, it } from 'vitest';
import {
  IdentityCarrier,
  authTokenProblem,
  identityValueProblem,
  isRequestCredentials,
  NO_IDENTITY,
  requestUrl,
  tokenOf,
  type RequestIdentity,
} from './request-identity.ts';

const SOURCE = 'https://origin.example/hls/live/master.m3u8';
const who: RequestIdentity = {
  authToken: 'aaa.bbb.ccc',
  clientId: 'embed-1',
  deviceId: 'dev-9',
  playerType: 'embed',
  platformName: 'web',
  credentials: 'include',
};

describe('requestUrl', () => {
  it('adds the token to every request of the playback URL’s origin, the ids only to the first', () => {
    const part = 'https://origin.example/hls/live/720p/part-3.m4s';
    expect(requestUrl(part, who, SOURCE)).toBe(`${part}?token=aaa.bbb.ccc`);
    const first = new URL(requestUrl(SOURCE, who, SOURCE, true));
    expect(Object.fromEntries(first.searchParams)).toEqual({
      token: 'aaa.bbb.ccc',
      client_id: 'embed-1',
      device_id: 'dev-9',
      player_type: 'embed',
      platform: 'web',
    });
  });

  it('keeps a blocking reload’s own parameters and a byte range’s fragment', () => {
    const reload = 'https://origin.example/hls/live/720p.m3u8?_HLS_msn=12&_HLS_part=3';
    expect(requestUrl(reload, who, SOURCE)).toBe(`${reload}&token=aaa.bbb.ccc`);
    const ranged = 'https://origin.example/seg.mp4#onair-bytes=0-99';
    expect(requestUrl(ranged, who, SOURCE)).toBe('https://origin.example/seg.mp4?token=aaa.bbb.ccc#onair-bytes=0-99');
  });

  it('replaces a token the URL was written with, so a refreshed token reaches old URLs', () => {
    const old = 'https://origin.example/hls/live/720p.m3u8?token=old';
    expect(requestUrl(old, who, SOURCE)).toBe('https://origin.example/hls/live/720p.m3u8?token=aaa.bbb.ccc');
  });

  it('carries the playback URL’s own token where the page gave none', () => {
    const source = `${SOURCE}?token=in-url`;
    const media = 'https://origin.example/hls/live/720p.m3u8';
    expect(requestUrl(media, NO_IDENTITY, source)).toBe(`${media}?token=in-url`);
    expect(requestUrl(media, { ...NO_IDENTITY, authToken: 'newer' }, source)).toBe(`${media}?token=newer`);
  });

  it('hands nothing to another origin, and changes nothing without an identity', () => {
    const cdn = 'https://cdn.other.example/seg.m4s';
    expect(requestUrl(cdn, who, SOURCE, true)).toBe(cdn);
    expect(requestUrl(SOURCE, NO_IDENTITY, SOURCE, true)).toBe(SOURCE);
    expect(requestUrl('data:text/plain,x', who, SOURCE)).toBe('data:text/plain,x');
    expect(requestUrl('relative/part.m4s', who, SOURCE)).toBe('relative/part.m4s');
    expect(requestUrl(SOURCE, who, 'not a url')).toBe(SOURCE);
  });
});

describe('checks', () => {
  it('takes a JWT and refuses what a URL cannot carry or what is far too long', () => {
    expect(authTokenProblem('eyJhbGciOiJFUzM4NCJ9.eyJleHAiOjF9.c2ln')).toBeNull();
    expect(authTokenProblem('')).toBeNull();
    expect(authTokenProblem('two words')).toMatch(/without spaces/);
    expect(authTokenProblem('x'.repeat(4096))).toBeNull();
    expect(authTokenProblem('x'.repeat(4097))).toMatch(/at most 4096/);
    expect(authTokenProblem(42)).toMatch(/printable text/);
    expect(identityValueProblem('web')).toBeNull();
    expect(identityValueProblem('a\nb')).toMatch(/printable/);
    expect(identityValueProblem('x'.repeat(129))).toMatch(/at most 128/);
    expect(isRequestCredentials('include')).toBe(true);
    expect(isRequestCredentials('all')).toBe(false);
  });

  it('reads the token a playback URL carries', () => {
    expect(tokenOf(`${SOURCE}?token=abc`)).toBe('abc');
    expect(tokenOf(SOURCE)).toBeNull();
    expect(tokenOf('nonsense')).toBeNull();
  });
});

describe('IdentityCarrier', () => {
  it('sends the ids with the first playlist request of a load and the first after they change', () => {
    const carrier = new IdentityCarrier(SOURCE);
    const media = 'https://origin.example/hls/live/720p.m3u8';
    const part = 'https://origin.example/hls/live/720p/part-1.m4s';
    const ids = (url: string) => new URL(url).searchParams.has('client_id');
    expect(ids(carrier.url(media, true))).toBe(false); // none yet
    carrier.identity = who;
    expect(ids(carrier.url(part, false))).toBe(false); // not on media
    expect(ids(carrier.url(media, true))).toBe(true);
    expect(ids(carrier.url(media, true))).toBe(false); // once
    carrier.identity = { ...who, authToken: 'refreshed' };
    expect(carrier.url(media, true)).toBe(`${media}?token=refreshed`); // a token is no new ids
    carrier.identity = { ...who, deviceId: 'dev-10' };
    expect(new URL(carrier.url(media, true)).searchParams.get('device_id')).toBe('dev-10');
    carrier.restart(SOURCE);
    expect(ids(carrier.url(media, true))).toBe(true);
  });
});
