import type { ChannelInfoV2 } from '@onair/contracts';
import { describe, expect, it } from 'vitest';
import { mediaSessionMetadata } from './media-session-metadata.ts';

const channel = (extra: Partial<ChannelInfoV2> & { user?: Record<string, unknown> } = {}): ChannelInfoV2 =>
  ({
    id: 1,
    slug: 'studio-live',
    user: { username: 'StudioLive' },
    banner_image: null,
    livestream: { id: 2, is_live: true, categories: [], viewer_count: 0 },
    ...extra,
  }) as ChannelInfoV2;

describe('mediaSessionMetadata', () => {
  it('titles the session like the overlay and names the channel', () => {
    expect(mediaSessionMetadata(channel())).toEqual({
      title: 'StudioLive is streaming',
      artist: 'StudioLive',
      artwork: [],
    });
  });

  it('prefers the avatar, then the stream thumbnail, then the banner', () => {
    const banner = { src: 'https://cdn.example/banner.png' };
    expect(mediaSessionMetadata(channel({ banner_image: banner })).artwork).toEqual([banner]);
    const withThumb = channel({
      banner_image: banner,
      livestream: {
        id: 2,
        is_live: true,
        categories: [],
        viewer_count: 0,
        thumbnail: { src: 'https://cdn.example/t.jpg' },
      },
    });
    expect(mediaSessionMetadata(withThumb).artwork).toEqual([{ src: 'https://cdn.example/t.jpg' }]);
    const withAvatar = { ...withThumb, user: { username: 'StudioLive', profile_pic: 'https://cdn.example/a.png' } };
    expect(mediaSessionMetadata(withAvatar).artwork).toEqual([{ src: 'https://cdn.example/a.png' }]);
  });

  it('accepts only http(s) artwork', () => {
    const sneaky = channel({
      user: { username: 'X', profile_pic: 'javascript:alert(1)' },
      banner_image: { src: 'data:image/png;base64,AA' },
    });
    expect(mediaSessionMetadata(sneaky).artwork).toEqual([]);
  });
});
