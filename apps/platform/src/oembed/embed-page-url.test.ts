import { describe, expect, it } from 'vitest';
import { EMBED_OPTION_DEFAULTS, embedPageUrl, parseEmbedPageUrl } from './embed-page-url.ts';

const SELF = 'http://onair.test:8080';

describe('parseEmbedPageUrl', () => {
  it('reads the slug of a channel page, with the default options', () => {
    expect(parseEmbedPageUrl(`${SELF}/studio-live`, SELF)).toEqual({
      slug: 'studio-live',
      options: EMBED_OPTION_DEFAULTS,
    });
  });

  it('reads each option as on only when it is exactly "true"', () => {
    const page = parseEmbedPageUrl(`${SELF}/studio-live?muted=true&autoplay=TRUE&allowfullscreen=1&other=x#t`, SELF);
    expect(page?.options).toEqual({ muted: true, autoplay: false, allowfullscreen: false });
    expect(parseEmbedPageUrl(`${SELF}/studio-live?muted=&autoplay=true`, SELF)?.options).toEqual({
      muted: false,
      autoplay: true,
      allowfullscreen: true,
    });
  });

  it('compares origins as URLs do (case of the host, default port)', () => {
    expect(parseEmbedPageUrl('HTTP://ONAIR.TEST:8080/night-owl', SELF)?.slug).toBe('night-owl');
    expect(parseEmbedPageUrl('http://localhost/night-owl', 'http://localhost:80')?.slug).toBe('night-owl');
  });

  it('percent-decodes the slug before checking it', () => {
    expect(parseEmbedPageUrl(`${SELF}/%73tudio-live`, SELF)?.slug).toBe('studio-live');
  });

  it.each([
    ['another host', 'http://evil.test:8080/studio-live'],
    ['another port', 'http://onair.test:9090/studio-live'],
    ['another scheme', 'https://onair.test:8080/studio-live'],
    ['credentials', 'http://user:pass@onair.test:8080/studio-live'],
    ['the root', `${SELF}/`],
    ['the offline route', `${SELF}/studio-live/offline`],
    ['a trailing slash', `${SELF}/studio-live/`],
    ['an invalid slug', `${SELF}/a.b`],
    ['an encoded slash', `${SELF}/a%2Fb`],
    ['a broken escape', `${SELF}/%ZZ`],
    ['not a URL', 'studio-live'],
    ['a javascript: URL', 'javascript:alert(1)'],
  ])('is null for %s', (_name, url) => {
    expect(parseEmbedPageUrl(url, SELF)).toBeNull();
  });
});

describe('embedPageUrl', () => {
  it('is the origin and slug alone when every option is at its default', () => {
    expect(embedPageUrl(SELF, { slug: 'studio-live', options: EMBED_OPTION_DEFAULTS })).toBe(`${SELF}/studio-live`);
    expect(embedPageUrl('http://localhost:80', { slug: 'a', options: EMBED_OPTION_DEFAULTS })).toBe(
      'http://localhost/a',
    );
  });

  it('names only the options that differ from their defaults, in a fixed order', () => {
    const options = { allowfullscreen: false, autoplay: false, muted: true };
    expect(embedPageUrl(SELF, { slug: 'studio-live', options })).toBe(
      `${SELF}/studio-live?muted=true&autoplay=false&allowfullscreen=false`,
    );
  });

  it('round-trips through parseEmbedPageUrl', () => {
    for (const muted of [false, true]) {
      for (const autoplay of [false, true]) {
        for (const allowfullscreen of [false, true]) {
          const page = { slug: 'night-owl', options: { muted, autoplay, allowfullscreen } };
          expect(parseEmbedPageUrl(embedPageUrl(SELF, page), SELF)).toEqual(page);
        }
      }
    }
  });
});
