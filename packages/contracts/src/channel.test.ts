import { describe, expect, it } from 'vitest';
import { channelInfoV2Schema, isValidSlug, playbackUrlSchema } from './channel.ts';

describe('slug rule (SPEC §5)', () => {
  it.each(['studio-live', 'night_owl', 'A1', '-', '_x_'])('accepts %j', (slug) => {
    expect(isValidSlug(slug)).toBe(true);
  });
  it.each(['', 'a b', 'a.b', 'a/b', 'é', '%20', 'a?b', '<script>', 'x\n'])('rejects %j', (slug) => {
    expect(isValidSlug(slug)).toBe(false);
  });
});

describe('channel info v2 schema', () => {
  const live = {
    id: 1,
    slug: 's',
    user: { username: 'U' },
    banner_image: null,
    livestream: { id: 2, is_live: true, categories: [{ name: 'Music', slug: 'music' }], viewer_count: 3, viewers: 3 },
  };
  it('accepts the live and offline shapes and keeps unknown keys', () => {
    expect(channelInfoV2Schema.parse({ ...live, extra: 1 })).toMatchObject({ extra: 1 });
    expect(channelInfoV2Schema.parse({ ...live, livestream: null }).livestream).toBeNull();
  });
  it('rejects a payload without a username or with a negative viewer count', () => {
    expect(channelInfoV2Schema.safeParse({ ...live, user: {} }).success).toBe(false);
    expect(
      channelInfoV2Schema.safeParse({ ...live, livestream: { ...live.livestream, viewer_count: -1 } }).success,
    ).toBe(false);
  });
  it('reads a null playback URL as data: null', () => {
    expect(playbackUrlSchema.parse({ data: null }).data).toBeNull();
    expect(playbackUrlSchema.safeParse({ data: 5 }).success).toBe(false);
  });
});
