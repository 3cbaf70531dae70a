import { describe, expect, it } from 'vitest';
import { embedUrl, frameAttributes, httpOrigin } from './embed-frame.ts';

const ORIGIN = 'https://player.example';

describe('embedUrl', () => {
  it('writes every param out, with the embed defaults', () => {
    expect(embedUrl(ORIGIN, 'studio-live')).toBe(
      'https://player.example/studio-live?muted=false&autoplay=true&allowfullscreen=true',
    );
  });

  it('takes an option given as undefined for one not given: the default, never off', () => {
    expect(embedUrl(ORIGIN, 'studio-live', { muted: undefined, autoplay: undefined, allowfullscreen: undefined })).toBe(
      'https://player.example/studio-live?muted=false&autoplay=true&allowfullscreen=true',
    );
  });

  it('takes the options given', () => {
    expect(embedUrl(ORIGIN, 'studio-live', { muted: true, autoplay: false, allowfullscreen: false })).toBe(
      'https://player.example/studio-live?muted=true&autoplay=false&allowfullscreen=false',
    );
  });

  it('switches a param on only for a real true, as the embed reads only the text "true"', () => {
    const fromUntypedScript = { muted: 'true', autoplay: 1 } as unknown as { muted: boolean; autoplay: boolean };
    expect(embedUrl(ORIGIN, 'c', fromUntypedScript)).toBe(
      `${ORIGIN}/c?muted=false&autoplay=false&allowfullscreen=true`,
    );
  });

  it('asks for audio-only when hidden only when the page opts in', () => {
    expect(embedUrl(ORIGIN, 'c', { audioOnlyWhenHidden: true })).toBe(
      `${ORIGIN}/c?muted=false&autoplay=true&allowfullscreen=true&audioonlywhenhidden=true`,
    );
    expect(embedUrl(ORIGIN, 'c', { audioOnlyWhenHidden: false })).toBe(
      `${ORIGIN}/c?muted=false&autoplay=true&allowfullscreen=true`,
    );
  });

  it('encodes the channel as one path segment', () => {
    expect(embedUrl(ORIGIN, 'a/b?c d')).toBe(`${ORIGIN}/a%2Fb%3Fc%20d?muted=false&autoplay=true&allowfullscreen=true`);
  });

  it('keeps only the origin of what it is given', () => {
    expect(embedUrl('https://player.example/sdk/onair-embed.js', 'c')).toMatch(/^https:\/\/player\.example\/c\?/);
    expect(embedUrl('https://player.example/', 'c')).toMatch(/^https:\/\/player\.example\/c\?/);
  });

  it.each(['javascript:alert(1)', 'file:///tmp/x', 'null', '', 'player.example'])('refuses the origin %j', (origin) => {
    expect(() => embedUrl(origin, 'c')).toThrow(/http\(s\) origin/);
  });

  it('refuses an empty channel', () => {
    expect(() => embedUrl(ORIGIN, '')).toThrow(/channel/);
  });
});

describe('httpOrigin', () => {
  it('is the origin of an http(s) URL and null for anything else', () => {
    expect(httpOrigin('http://127.0.0.1:8080/sdk/onair-embed.js')).toBe('http://127.0.0.1:8080');
    expect(httpOrigin('file:///work/sdk.js')).toBeNull();
    expect(httpOrigin(undefined)).toBeNull();
    expect(httpOrigin('not a url')).toBeNull();
  });
});

describe('frameAttributes', () => {
  it('delegates autoplay, fullscreen and picture-in-picture, with a title and 16:9 default size', () => {
    expect(frameAttributes(ORIGIN, { channel: 'studio-live' })).toEqual({
      src: `${ORIGIN}/studio-live?muted=false&autoplay=true&allowfullscreen=true`,
      title: 'OnAir player: studio-live',
      width: '640',
      height: '360',
      allow: 'autoplay; fullscreen; picture-in-picture; encrypted-media',
      allowfullscreen: '',
    });
  });

  it('delegates no fullscreen, and leaves the allowfullscreen attribute out, when it is not allowed', () => {
    const attributes = frameAttributes(ORIGIN, { channel: 'c', allowfullscreen: false });
    expect(attributes).not.toHaveProperty('allowfullscreen');
    expect(attributes.allow).toBe('autoplay; picture-in-picture; encrypted-media');
    expect(attributes.src).toContain('allowfullscreen=false');
  });

  it('takes a title and a size', () => {
    const attributes = frameAttributes(ORIGIN, { channel: 'c', title: 'Our stream', width: '100%', height: 480 });
    expect(attributes).toMatchObject({ title: 'Our stream', width: '100%', height: '480' });
  });
});
