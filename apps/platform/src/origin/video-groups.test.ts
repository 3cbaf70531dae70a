import { describe, expect, it } from 'vitest';
import { SOURCE_GROUP_ID, videoGroup } from './video-groups.ts';

describe('videoGroup', () => {
  it('puts the source in "chunked", named after its quality', () => {
    expect(SOURCE_GROUP_ID).toBe('chunked');
    expect(videoGroup({ height: 720, frameRate: 30 }, true)).toEqual({ id: 'chunked', name: '720p (source)' });
    expect(videoGroup({ height: 1080, frameRate: 60 }, true)).toEqual({ id: 'chunked', name: '1080p60 (source)' });
  });

  it('names other qualities as Twitch does: the id keeps the frame rate, the name only above 30 fps', () => {
    expect(videoGroup({ height: 480, frameRate: 30 }, false)).toEqual({ id: '480p30', name: '480p' });
    expect(videoGroup({ height: 480, frameRate: 29.97 }, false)).toEqual({ id: '480p30', name: '480p' });
    expect(videoGroup({ height: 720, frameRate: 59.94 }, false)).toEqual({ id: '720p60', name: '720p60' });
  });
});
