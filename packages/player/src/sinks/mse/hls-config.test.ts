import { describe, expect, it } from 'vitest';
import { hlsConfig } from './hls-config.ts';
import { IdentityCarrier, NO_IDENTITY } from '../../rules/request-identity.ts';

/** The parts of an XMLHttpRequest that xhrSetup drives, recorded. */
function fakeXhr() {
  const opened: string[] = [];
  return {
    opened,
    withCredentials: false,
    readyState: 0,
    open(_method: string, url: string) {
      opened.push(url);
    },
    addEventListener() {},
    abort() {},
    getResponseHeader: () => null,
  };
}

describe('hls.js requests (xhrSetup)', () => {
  const SOURCE = 'https://origin.example/hls/ch/master.m3u8';

  it('open with the token and, on the first playlist, the ids; credentials as the page said', () => {
    const identity = new IdentityCarrier(SOURCE);
    identity.identity = { ...NO_IDENTITY, authToken: 'jwt', clientId: 'c1', credentials: 'include' };
    const setup = hlsConfig(true, null, identity).xhrSetup!;
    const playlist = fakeXhr();
    void setup(playlist as unknown as XMLHttpRequest, SOURCE, {} as never);
    expect(playlist.opened).toEqual([`${SOURCE}?token=jwt&client_id=c1`]);
    expect(playlist.withCredentials).toBe(true);
    const segment = fakeXhr();
    void setup(segment as unknown as XMLHttpRequest, 'https://origin.example/hls/ch/720p/seg-1.m4s', {} as never);
    expect(segment.opened).toEqual(['https://origin.example/hls/ch/720p/seg-1.m4s?token=jwt']);
  });

  it('leave a request to another origin, or with nobody to name, for hls.js to open as it is', () => {
    const identity = new IdentityCarrier(SOURCE);
    const setup = hlsConfig(true, null, identity).xhrSetup!;
    const plain = fakeXhr();
    void setup(plain as unknown as XMLHttpRequest, SOURCE, {} as never);
    expect(plain.opened).toEqual([]);
    expect(plain.withCredentials).toBe(false);
    identity.identity = { ...NO_IDENTITY, authToken: 'jwt' };
    const other = fakeXhr();
    void setup(other as unknown as XMLHttpRequest, 'https://cdn.elsewhere.example/seg.ts', {} as never);
    expect(other.opened).toEqual([]);
  });
});
