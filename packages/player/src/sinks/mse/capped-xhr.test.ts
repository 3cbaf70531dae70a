import { describe, expect, it } from 'vitest';
import { RESPONSE_LIMITS } from '../../base/bounded-body.ts';
import { capResponse, requestKind, type CappedRequest } from './capped-xhr.ts';

/** A request that fires readystatechange/progress as told, and records an abort. */
class FakeRequest extends EventTarget {
  readyState = 1;
  aborted = false;
  constructor(private readonly headers: Record<string, string> = {}) {
    super();
  }
  abort(): void {
    this.aborted = true;
    this.readyState = 0;
  }
  getResponseHeader(name: string): string | null {
    return this.headers[name] ?? null;
  }
  headersArrive(): void {
    this.readyState = 2;
    this.dispatchEvent(new Event('readystatechange'));
  }
  progress(loaded: number): void {
    this.readyState = 3;
    const event = new Event('progress') as Event & { loaded: number };
    event.loaded = loaded;
    this.dispatchEvent(event);
  }
}

const asRequest = (fake: FakeRequest) => fake as unknown as CappedRequest;

describe('capResponse: hls.js requests read within the cap of their kind', () => {
  it('judges a playlist by its path, everything else as media', () => {
    expect(requestKind('https://cdn.test/live/index.m3u8?token=x')).toBe('playlist');
    expect(requestKind('https://cdn.test/live/seg1.ts')).toBe('media');
    expect(requestKind('https://cdn.test/key?name=a.m3u8')).toBe('media');
    expect(requestKind('https://cdn.test/live/subs/index12.vtt?token=x')).toBe('subtitle');
    expect(requestKind('https://cdn.test/live/subs/12.webvtt')).toBe('subtitle');
  });

  it('aborts a playlist once more than 2 MiB has arrived', () => {
    const request = new FakeRequest();
    capResponse(asRequest(request), 'https://cdn.test/live.m3u8');
    request.headersArrive();
    request.progress(RESPONSE_LIMITS.playlist);
    expect(request.aborted).toBe(false);
    request.progress(RESPONSE_LIMITS.playlist + 1);
    expect(request.aborted).toBe(true);
  });

  it('aborts at the headers when the declared length is over the cap', () => {
    const request = new FakeRequest({ 'content-length': String(RESPONSE_LIMITS.media + 1) });
    capResponse(asRequest(request), 'https://cdn.test/seg.m4s');
    request.headersArrive();
    expect(request.aborted).toBe(true);
  });

  it('lets a segment under the media cap through', () => {
    const request = new FakeRequest({ 'content-length': '5000000' });
    capResponse(asRequest(request), 'https://cdn.test/seg.m4s');
    request.headersArrive();
    request.progress(5_000_000);
    expect(request.aborted).toBe(false);
  });
});
