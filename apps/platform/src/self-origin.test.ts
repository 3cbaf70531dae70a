import { describe, expect, it } from 'vitest';
import { chooseSelfOrigin, isOrigin, loopbackOrigins } from './self-origin.ts';

describe('self origin', () => {
  it('takes the request’s origin when it is one the platform answers as', () => {
    const allowed = loopbackOrigins(8080);
    expect(chooseSelfOrigin('http://localhost:8080', allowed)).toBe('http://localhost:8080');
    expect(chooseSelfOrigin('http://LOCALHOST:8080', allowed)).toBe('http://localhost:8080');
    expect(chooseSelfOrigin('http://[::1]:8080', allowed)).toBe('http://[::1]:8080');
  });

  it('falls back to the canonical origin for any other Host', () => {
    const allowed = loopbackOrigins(8080);
    for (const forged of ['http://evil.example', 'http://localhost:9999', 'http://127.0.0.1:8080.evil.example']) {
      expect(chooseSelfOrigin(forged, allowed)).toBe('http://127.0.0.1:8080');
    }
  });

  it('knows an origin from a URL with a path or another scheme', () => {
    expect(isOrigin('https://watch.example.com')).toBe(true);
    expect(isOrigin('http://127.0.0.1:8080')).toBe(true);
    expect(isOrigin('https://watch.example.com/')).toBe(false);
    expect(isOrigin('ftp://watch.example.com')).toBe(false);
    expect(isOrigin('watch.example.com')).toBe(false);
  });
});
