import { describe, expect, it } from 'vitest';
import { injectIntoHead, oembedDiscoveryLink, oembedEndpointUrl, type DiscoveryLookup } from './discovery.ts';

const SELF = 'http://onair.test:8080';
const channels: Record<string, { slug: string; title: string }> = {
  'studio-live': { slug: 'studio-live', title: 'Building a live player, live' },
  tricky: { slug: 'tricky', title: `"><script>alert(1)</script> & 'co'` },
};
const lookup: DiscoveryLookup = (slug) => channels[slug.toLowerCase()];

describe('oembedEndpointUrl', () => {
  it('names the page URL, encoded, and the json format', () => {
    expect(oembedEndpointUrl(SELF, `${SELF}/studio-live?muted=true`)).toBe(
      `${SELF}/oembed?url=http%3A%2F%2Fonair.test%3A8080%2Fstudio-live%3Fmuted%3Dtrue&format=json`,
    );
  });
});

describe('oembedDiscoveryLink', () => {
  it('is the alternate link of a channel page, its attribute values escaped', () => {
    expect(oembedDiscoveryLink('/studio-live', SELF, lookup)).toBe(
      '<link rel="alternate" type="application/json+oembed"' +
        ` href="${SELF}/oembed?url=http%3A%2F%2Fonair.test%3A8080%2Fstudio-live&amp;format=json"` +
        ' title="Building a live player, live">',
    );
  });

  it('names the canonical page: the channel’s slug and only the options that differ', () => {
    const link = oembedDiscoveryLink('/Studio-Live?muted=true&autoplay=true&x="><b>', SELF, lookup);
    expect(link).toContain(`href="${SELF}/oembed?url=http%3A%2F%2Fonair.test%3A8080%2Fstudio-live%3Fmuted%3Dtrue&amp;`);
    expect(link).not.toContain('<b>');
  });

  it('escapes a title that tries to break out', () => {
    const link = oembedDiscoveryLink('/tricky', SELF, lookup)!;
    expect(link).toContain('title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;co&#39;"');
    expect(link).not.toContain('<script');
  });

  it.each(['/', '/index.html', '/studio-live/offline', '/nobody', '/%ZZ', '//evil.test/studio-live'])(
    'is null for %s (not a page of an existing channel)',
    (url) => {
      expect(oembedDiscoveryLink(url, SELF, lookup)).toBeNull();
    },
  );
});

describe('injectIntoHead', () => {
  it('puts the element at the start of <head>, reading no replacement patterns', () => {
    expect(injectIntoHead('<html><head><title>t</title></head>', '<link title="$&">')).toBe(
      '<html><head>\n    <link title="$&"><title>t</title></head>',
    );
  });

  it('leaves a page without <head> as it is', () => {
    expect(injectIntoHead('<!doctype html><title>t</title>', '<link>')).toBe('<!doctype html><title>t</title>');
  });
});
