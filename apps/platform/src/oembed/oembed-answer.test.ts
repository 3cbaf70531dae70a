import { oembedResponseSchema } from '@onair/contracts';
import { describe, expect, it } from 'vitest';
import { EMBED_OPTION_DEFAULTS } from './embed-page-url.ts';
import {
  DEFAULT_SIZE,
  MIN_SIZE,
  embedIframeHtml,
  escapeHtml,
  fitSize,
  oembedAnswer,
  oembedTitle,
} from './oembed-answer.ts';

describe('fitSize', () => {
  it('is 640×360 with no limit, and never scales up', () => {
    expect(fitSize()).toEqual(DEFAULT_SIZE);
    expect(fitSize({ maxwidth: 4000, maxheight: 4000 })).toEqual({ width: 640, height: 360 });
  });

  it('fits the width, keeping 16:9', () => {
    expect(fitSize({ maxwidth: 480 })).toEqual({ width: 480, height: 270 });
    expect(fitSize({ maxwidth: 333 })).toEqual({ width: 333, height: 187 });
  });

  it('fits the height, keeping 16:9 and within it', () => {
    expect(fitSize({ maxheight: 180 })).toEqual({ width: 320, height: 180 });
    expect(fitSize({ maxheight: 200 })).toEqual({ width: 355, height: 200 });
    expect(fitSize({ maxwidth: 500, maxheight: 200 })).toEqual({ width: 355, height: 200 });
  });

  it('keeps within both limits and 16:9 for every limit down to the minimum', () => {
    for (let maxwidth = MIN_SIZE.width; maxwidth <= 700; maxwidth += 7) {
      for (let maxheight = MIN_SIZE.height; maxheight <= 400; maxheight += 5) {
        const { width, height } = fitSize({ maxwidth, maxheight });
        expect(Number.isInteger(width) && Number.isInteger(height)).toBe(true);
        expect(width).toBeLessThanOrEqual(maxwidth);
        expect(height).toBeLessThanOrEqual(maxheight);
        expect(Math.abs(height - (width * 9) / 16)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it('answers the minimum, 200×113, for a smaller limit', () => {
    expect(fitSize({ maxwidth: 50 })).toEqual(MIN_SIZE);
    expect(fitSize({ maxheight: 1 })).toEqual({ width: 200, height: 113 });
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that end an attribute or open markup', () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
  });
});

describe('embedIframeHtml', () => {
  const input = { src: 'http://onair.test/studio-live', title: 'Live', width: 640, height: 360 };

  it('is the iframe with fullscreen granted when the option is on', () => {
    expect(embedIframeHtml({ ...input, allowFullscreen: true })).toBe(
      '<iframe src="http://onair.test/studio-live" width="640" height="360" title="Live" frameborder="0"' +
        ' allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen></iframe>',
    );
  });

  it('grants no fullscreen at all when the option is off', () => {
    const html = embedIframeHtml({ ...input, allowFullscreen: false });
    expect(html).toContain('allow="autoplay; picture-in-picture; encrypted-media"');
    expect(html).not.toMatch(/allowfullscreen|fullscreen;/);
  });

  it('escapes a title and a src that try to break out of their attribute', () => {
    const html = embedIframeHtml({
      ...input,
      src: 'http://onair.test/a?x="><script>alert(1)</script>&y=1',
      title: `"><img src=x onerror=alert(1)> & 'quoted'`,
      allowFullscreen: true,
    });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &#39;quoted&#39;"');
    expect(html).toContain('src="http://onair.test/a?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;y=1"');
    // Exactly the attributes written, each value closed by its own quote.
    expect(html.match(/"/g)).toHaveLength(12);
  });
});

describe('oembedTitle', () => {
  it('is the session title while live, else the channel name', () => {
    expect(oembedTitle({ username: 'StudioLive', sessionTitle: 'Building' })).toBe('Building');
    expect(oembedTitle({ username: 'NightOwl', sessionTitle: null })).toBe('NightOwl');
    expect(oembedTitle({ username: 'NightOwl', sessionTitle: '  ' })).toBe('NightOwl');
  });
});

describe('oembedAnswer', () => {
  const channel = {
    username: 'NightOwl',
    sessionTitle: null,
    authorUrl: 'http://onair.test/night-owl',
    thumbnail: { url: 'http://onair.test/images/banner.svg', width: 1600, height: 400 },
  };
  const base = {
    channel,
    src: 'http://onair.test/night-owl',
    options: EMBED_OPTION_DEFAULTS,
    providerUrl: 'http://onair.test/',
    limits: {},
  };

  it('is an oEmbed 1.0 video answer with the thumbnail when no limit is set', () => {
    const answer = oembedAnswer(base);
    expect(oembedResponseSchema.parse(answer)).toEqual(answer);
    expect(answer).toMatchObject({
      version: '1.0',
      type: 'video',
      provider_name: 'OnAir',
      title: 'NightOwl',
      author_name: 'NightOwl',
      thumbnail_url: 'http://onair.test/images/banner.svg',
      thumbnail_width: 1600,
      thumbnail_height: 400,
      width: 640,
      height: 360,
    });
  });

  it('leaves the thumbnail out when it would exceed a limit, and sizes the frame to it', () => {
    const answer = oembedAnswer({ ...base, limits: { maxwidth: 480 } });
    expect(answer).not.toHaveProperty('thumbnail_url');
    expect(answer).not.toHaveProperty('thumbnail_width');
    expect(answer).toMatchObject({ width: 480, height: 270 });
    expect(answer.html).toContain('width="480" height="270"');
  });

  it('leaves out what is not known', () => {
    const answer = oembedAnswer({ ...base, channel: { ...channel, authorUrl: null, thumbnail: null } });
    expect(Object.keys(answer)).not.toContain('author_url');
    expect(Object.keys(answer)).not.toContain('thumbnail_url');
  });
});
