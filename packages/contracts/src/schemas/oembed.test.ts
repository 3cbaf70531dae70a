import { describe, expect, it } from 'vitest';
import { oembedResponseSchema } from './oembed.ts';

const answer = {
  version: '1.0',
  type: 'video',
  provider_name: 'OnAir',
  provider_url: 'https://onair.example/',
  title: 'NightOwl',
  author_name: 'NightOwl',
  author_url: 'https://onair.example/night-owl',
  html: '<iframe src="https://onair.example/night-owl"></iframe>',
  width: 640,
  height: 360,
};

describe('oembedResponseSchema (oEmbed 1.0, video)', () => {
  it('accepts a video answer, with or without a whole thumbnail', () => {
    expect(oembedResponseSchema.safeParse(answer).success).toBe(true);
    const thumbnail = { thumbnail_url: 'https://onair.example/t.svg', thumbnail_width: 1600, thumbnail_height: 400 };
    expect(oembedResponseSchema.safeParse({ ...answer, ...thumbnail }).success).toBe(true);
  });

  it('refuses a thumbnail URL without its size, or a size without its URL', () => {
    expect(oembedResponseSchema.safeParse({ ...answer, thumbnail_url: 'https://onair.example/t.svg' }).success).toBe(
      false,
    );
    expect(oembedResponseSchema.safeParse({ ...answer, thumbnail_width: 10, thumbnail_height: 10 }).success).toBe(
      false,
    );
  });

  it.each([
    ['another version', { version: '2.0' }],
    ['another type', { type: 'rich' }],
    ['no html', { html: '' }],
    ['a fractional width', { width: 640.5 }],
    ['a zero height', { height: 0 }],
    ['an author URL that is not a URL', { author_url: 'night owl' }],
  ])('refuses %s', (_name, change) => {
    expect(oembedResponseSchema.safeParse({ ...answer, ...change }).success).toBe(false);
  });
});
