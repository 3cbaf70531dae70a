import type { HlsConfig, Loader, LoaderCallbacks, LoaderConfiguration, PlaylistLoaderContext } from 'hls.js';
import { describe, expect, it } from 'vitest';
import { partTimingFromPlaylist, peekingPlaylistLoader } from './playlist-peek.ts';

const LL = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:1
#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=6.0,PART-HOLD-BACK=1.0,HOLD-BACK=3.0
#EXT-X-PART-INF:PART-TARGET=0.2
#EXT-X-MEDIA-SEQUENCE:1
`;

describe('partTimingFromPlaylist', () => {
  it('reads PART-TARGET and PART-HOLD-BACK', () => {
    expect(partTimingFromPlaylist(LL)).toEqual({ partTargetS: 0.2, partHoldBackS: 1 });
  });
  it('is null without parts, and tolerates a missing PART-HOLD-BACK', () => {
    expect(partTimingFromPlaylist('#EXTM3U\n#EXT-X-TARGETDURATION:6\n')).toBeNull();
    expect(partTimingFromPlaylist('#EXTM3U\n#EXT-X-PART-INF:PART-TARGET=0.333\n')).toEqual({
      partTargetS: 0.333,
      partHoldBackS: 0,
    });
  });
});

describe('peekingPlaylistLoader', () => {
  it('shows the text to the peek before hls.js gets it, and passes everything through', () => {
    const order: string[] = [];
    class Base {
      constructor(readonly config: HlsConfig) {}
      load(_c: PlaylistLoaderContext, _cfg: LoaderConfiguration, callbacks: LoaderCallbacks<PlaylistLoaderContext>) {
        callbacks.onSuccess({ url: 'u', data: LL }, {} as never, {} as never, null);
      }
    }
    const Peeking = peekingPlaylistLoader(Base as unknown as new (c: HlsConfig) => Loader<PlaylistLoaderContext>, (t) =>
      order.push(`peek ${t.length}`),
    );
    const loader = new Peeking({} as HlsConfig);
    loader.load({} as PlaylistLoaderContext, {} as LoaderConfiguration, {
      onSuccess: (response) => order.push(`hls.js ${String(response.data).length}`),
      onError: () => {},
      onTimeout: () => {},
    });
    expect(order).toEqual([`peek ${LL.length}`, `hls.js ${LL.length}`]);
  });
});
