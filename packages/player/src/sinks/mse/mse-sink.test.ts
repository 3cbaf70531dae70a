import { NO_IDENTITY } from '../../rules/request-identity.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, ErrorType, type PlayerError } from '../../types/errors.ts';
import type { Quality, TextTrack } from '../../types/quality.ts';
import { fakeEnvironment, FakeVideo } from '../../testing/fakes.ts';
import { Events } from './hls-build.ts';
import { createMseSink, type HlsClass } from './mse-sink.ts';
import { DEFAULT_SINK_ADJUSTMENTS, type SinkAdjustments, type SinkHost, type TrackConfiguration } from '../sink.ts';

/**
 * The mse sink's own logic (settling qualities, the error policy and its retries, what it
 * reports) over a stand-in for hls.js that only records calls and replays events. hls.js
 * itself, with real MediaSource, is covered by the browser journeys.
 */
class FakeHls {
  static DefaultConfig = { loader: class {} };
  static instances: FakeHls[] = [];
  readonly handlers = new Map<string, ((event: string, data: unknown) => void)[]>();
  readonly calls: string[] = [];
  levels: { attrs: Record<string, string>; bitrate: number; width: number; height: number; url: string[] }[] = [];
  startLevel = -1;
  currentLevel = -1;
  nextLevel = -1;
  autoLevelCapping = -1;
  bandwidthEstimate = 1_000_000;
  latestLevelDetails = null;
  destroyed = false;
  subtitleTracks: { name: string; lang?: string; default: boolean }[] = [];
  subtitleDisplay = true;
  #subtitleTrack = -1;
  get subtitleTrack() {
    return this.#subtitleTrack;
  }
  set subtitleTrack(index: number) {
    this.calls.push(`subtitleTrack ${index}`);
    this.#subtitleTrack = index;
  }

  constructor(readonly config: Record<string, unknown>) {
    FakeHls.instances.push(this);
  }
  on(event: string, handler: (event: string, data: unknown) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  emit(event: string, data: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(event, data);
  }
  attachMedia() {
    this.calls.push('attachMedia');
  }
  loadSource(url: string) {
    this.calls.push(`loadSource ${url}`);
  }
  startLoad() {
    this.calls.push('startLoad');
  }
  removeLevel(index: number) {
    this.calls.push(`removeLevel ${index}`);
    this.levels.splice(index, 1);
  }
  destroy() {
    this.destroyed = true;
  }
}

const level = (height: number, bitrate: number, video?: string) => ({
  attrs: {
    RESOLUTION: `${(height * 16) / 9}x${height}`,
    CODECS: 'avc1.64001f,mp4a.40.2',
    ...(video ? { VIDEO: video } : {}),
  },
  bitrate,
  width: (height * 16) / 9,
  height,
  url: [`https://origin.test/${height}.m3u8`],
});

interface Reports {
  qualities: Quality[][];
  errors: PlayerError[];
  mediaErrors: [number, string][];
  tracks: TrackConfiguration[][];
  sourceInfo: unknown[];
  discontinuities: number;
  textTracks: [TextTrack[], string | null][];
  cues: unknown[];
}

function setUp(adjustments: Partial<SinkAdjustments> = {}, unplayable: (q: Quality) => boolean = () => false) {
  FakeHls.instances = [];
  const video = new FakeVideo();
  const reports: Reports = {
    qualities: [],
    errors: [],
    mediaErrors: [],
    tracks: [],
    sourceInfo: [],
    discontinuities: 0,
    textTracks: [],
    cues: [],
  };
  const host: SinkHost = {
    video: video.asVideo(),
    lowLatency: true,
    identity: NO_IDENTITY,
    adjustments: { ...DEFAULT_SINK_ADJUSTMENTS, ...adjustments },
    onError: (e) => reports.errors.push(e),
    onMediaError: (code, message) => reports.mediaErrors.push([code, message]),
    onQualities(qualities) {
      reports.qualities.push(qualities);
      return qualities.filter(unplayable);
    },
    onQualityChanged() {},
    onSourceInfo: (info) => reports.sourceInfo.push(info),
    onTracks: (tracks) => reports.tracks.push(tracks),
    onDiscontinuity: () => (reports.discontinuities += 1),
    onTimedCues: (cues) => reports.cues.push(...cues),
    onTextTracks: (tracks, selected) => reports.textTracks.push([tracks, selected]),
    onServerClock() {},
    onProgress() {},
    onDeclined() {},
  };
  const env = fakeEnvironment();
  const sink = createMseSink(host, env, FakeHls as unknown as HlsClass);
  sink.load('https://origin.test/master.m3u8');
  const hls = () => FakeHls.instances.at(-1)!;
  return { sink, hls, reports, video };
}

function announceManifest(hls: FakeHls, levels: ReturnType<typeof level>[]): void {
  hls.levels = levels.map((l) => ({ ...l }));
  hls.emit(Events.MANIFEST_PARSED, { levels });
  hls.emit(Events.MANIFEST_LOADED, {
    levels,
    url: 'https://origin.test/master.m3u8',
    sessionData: { 'com.onair.channel.title': { VALUE: 'Night' }, 'com.onair.server-time': { URI: '../time' } },
    startTimeOffset: -2,
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('mse sink', () => {
  it('settles qualities once both manifest events arrived, source group included, then starts loading', () => {
    const { hls, reports } = setUp({}, (q) => q.height === 1080);
    const ladder = [level(360, 800_000), level(720, 3_000_000), level(1080, 6_000_000, 'chunked')];
    hls().emit(Events.MANIFEST_PARSED, { levels: ladder });
    hls().levels = ladder.map((l) => ({ ...l }));
    expect(reports.qualities).toEqual([]);
    expect(hls().calls).not.toContain('startLoad');
    hls().emit(Events.MANIFEST_LOADED, {
      levels: ladder,
      url: 'https://origin.test/master.m3u8',
      sessionData: null,
      startTimeOffset: null,
    });
    expect(reports.qualities[0]!.map((q) => [q.name, q.group])).toEqual([
      ['360p', '360p'],
      ['720p', '720p'],
      ['1080p', 'chunked'],
    ]);
    expect(hls().calls).toContain('removeLevel 2');
    expect(hls().calls.at(-1)).toBe('startLoad');
    expect(reports.sourceInfo).toEqual([{ sessionData: {}, startOffset: 0 }]);
  });

  it('reports every session data entry and the start offset', () => {
    const { hls, reports } = setUp();
    announceManifest(hls(), [level(360, 800_000)]);
    expect(reports.sourceInfo).toEqual([
      { sessionData: { 'com.onair.channel.title': 'Night', 'com.onair.server-time': '../time' }, startOffset: -2 },
    ]);
  });

  it('keeps automatic quality off the source with abrTranscodesOnly, and only then', () => {
    const ladder = [level(360, 800_000), level(720, 3_000_000), level(1080, 6_000_000, 'chunked')];
    const off = setUp();
    announceManifest(off.hls(), ladder);
    expect(off.hls().autoLevelCapping).toBe(-1);
    const on = setUp({ abrTranscodesOnly: true });
    announceManifest(on.hls(), ladder);
    expect(on.hls().autoLevelCapping).toBe(1);
  });

  it('retries a fatal segment error after 1 s, 2 s, 4 s, then reports it', async () => {
    const { hls, reports } = setUp();
    const fail = () =>
      hls().emit(Events.ERROR, {
        type: 'networkError',
        details: 'fragLoadError',
        fatal: true,
        response: { code: 503 },
      });
    for (const delay of [1000, 2000, 4000]) {
      fail();
      await vi.advanceTimersByTimeAsync(delay - 1);
      const before = hls().calls.filter((c) => c === 'startLoad').length;
      await vi.advanceTimersByTimeAsync(1);
      expect(hls().calls.filter((c) => c === 'startLoad').length).toBe(before + 1);
    }
    expect(reports.errors).toEqual([]);
    fail();
    expect(reports.errors).toMatchObject([{ type: ErrorType.Network, code: 503, fatal: true }]);
  });

  it('answers a 404 manifest at once, and a buffered fragment resets the retry budget', async () => {
    const { hls, reports } = setUp();
    hls().emit(Events.ERROR, { type: 'networkError', details: 'fragLoadError', fatal: true, response: { code: 503 } });
    await vi.advanceTimersByTimeAsync(1000);
    hls().emit(Events.FRAG_BUFFERED, {});
    hls().emit(Events.ERROR, { type: 'networkError', details: 'fragLoadError', fatal: true, response: { code: 503 } });
    await vi.advanceTimersByTimeAsync(999);
    expect(hls().calls.filter((c) => c === 'startLoad')).toHaveLength(1);
    hls().emit(Events.ERROR, {
      type: 'networkError',
      details: 'manifestLoadError',
      fatal: true,
      response: { code: 404 },
    });
    expect(reports.errors).toMatchObject([
      { type: ErrorType.NotAvailable, code: 404, source: 'playlist', fatal: true },
    ]);
  });

  it('reports MediaSource creation failure as code 4 and hands a reset MediaSource to the media policy', async () => {
    const { hls, reports } = setUp();
    hls().emit(Events.ERROR, { type: 'mediaError', details: 'bufferAddCodecError', fatal: true });
    expect(reports.errors).toMatchObject([{ type: ErrorType.NotSupported, code: ErrorCode.MediaSrcNotSupported }]);
    hls().emit(Events.ERROR, { type: 'mediaError', details: 'mediaSourceRequiresReset', fatal: false });
    expect(reports.mediaErrors).toEqual([]); // after hls.js's own dispatch
    await vi.advanceTimersByTimeAsync(0);
    expect(reports.mediaErrors.map(([code]) => code)).toEqual([3]);
  });

  it('cancels a pending retry on destroy', async () => {
    const { sink, hls } = setUp();
    hls().emit(Events.ERROR, { type: 'networkError', details: 'fragLoadError', fatal: true, response: { code: 503 } });
    sink.destroy();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(hls().destroyed).toBe(true);
    expect(hls().calls).not.toContain('startLoad');
  });

  it('measures the media bitrate from fragments and parts downloaded', () => {
    const { sink, hls } = setUp();
    expect(sink.mediaBitrate()).toBe(0);
    hls().emit(Events.FRAG_LOADED, { frag: { duration: 1, stats: { loaded: 100_000 } }, part: null });
    hls().emit(Events.FRAG_LOADED, { frag: { duration: 1 }, part: { duration: 0.2, stats: { loaded: 10_000 } } });
    expect(sink.mediaBitrate()).toBe(Math.round((110_000 * 8) / 1.2));
  });

  it('reports tracks from the codecs hls.js buffers, and each discontinuity crossed', () => {
    const { hls, reports } = setUp();
    announceManifest(hls(), [level(360, 800_000)]);
    hls().emit(Events.BUFFER_CODECS, { audio: { codec: 'mp4a.40.2' }, video: { codec: 'avc1.64001f' } });
    expect(reports.tracks[0]).toMatchObject([
      { trackID: 'video', codec: 'avc1.64001f', mode: 'mse', isProtected: false, group: '360p' },
      { trackID: 'audio', codec: 'mp4a.40.2', mode: 'mse' },
    ]);
    hls().emit(Events.FRAG_CHANGED, { frag: { cc: 0 } });
    hls().emit(Events.FRAG_CHANGED, { frag: { cc: 0 } });
    expect(reports.discontinuities).toBe(0);
    hls().emit(Events.FRAG_CHANGED, { frag: { cc: 1 } });
    expect(reports.discontinuities).toBe(1);
  });

  it('reports the union of the SourceBuffers hls.js announces apart (audio in its own playlist)', () => {
    const { hls, reports } = setUp();
    announceManifest(hls(), [level(360, 800_000)]);
    hls().emit(Events.BUFFER_CODECS, { audio: { codec: 'mp4a.40.2' } });
    hls().emit(Events.BUFFER_CODECS, { video: { codec: 'avc1.64001f' } });
    // Never audio alone after video came: that would read as a change to audio-only, a rebuild.
    expect(
      reports.tracks
        .at(-1)!
        .map((t) => t.trackID)
        .sort(),
    ).toEqual(['audio', 'video']);
  });

  it('reports subtitles and captions as text tracks; none shown nor loaded until the page asks', () => {
    const { sink, hls, reports } = setUp();
    // Rendered by the page from their cues, never by the browser; hls.js's DEFAULT=YES is not loaded by itself.
    expect(hls().config).toMatchObject({ renderTextTracksNatively: false, subtitlePreference: { name: '\u0000none' } });
    hls().levels = [level(360, 800_000)];
    hls().emit(Events.MANIFEST_PARSED, { levels: hls().levels });
    hls().emit(Events.MANIFEST_LOADED, {
      levels: hls().levels,
      url: 'https://origin.test/master.m3u8',
      sessionData: null,
      startTimeOffset: null,
      captions: [{ instreamId: 'CC1', name: 'English CC', lang: 'en', default: false }],
    });
    hls().subtitleTracks = [
      { name: 'English', lang: 'en', default: true },
      { name: 'Deutsch', lang: 'de', default: false },
    ];
    hls().emit(Events.SUBTITLE_TRACKS_UPDATED, { subtitleTracks: hls().subtitleTracks });
    // Reported once hls.js has made its own choice (none: the preference names no track).
    vi.advanceTimersByTime(0);
    expect(reports.textTracks.at(-1)).toEqual([
      [
        { id: 'English', name: 'English', language: 'en', kind: 'subtitles', default: true },
        { id: 'Deutsch', name: 'Deutsch', language: 'de', kind: 'subtitles', default: false },
        { id: 'cc1', name: 'English CC', language: 'en', kind: 'captions', default: false },
      ],
      null,
    ]);
    // A channel found in the video with no rendition naming it.
    hls().emit(Events.NON_NATIVE_TEXT_TRACKS_FOUND, { tracks: [{ _id: 'textTrack3', label: 'x', kind: 'captions' }] });
    expect(reports.textTracks.at(-1)![0].map((t) => t.id)).toEqual(['English', 'Deutsch', 'cc1', 'cc3']);

    const subtitles = (cues: { startTime: number; endTime: number; text: string }[]) =>
      hls().emit(Events.CUES_PARSED, {
        type: 'subtitles',
        cues,
        track: 'default',
        subtitleTrack: hls().subtitleTracks[1],
      });
    subtitles([{ startTime: 1, endTime: 2, text: 'Hallo' }]);
    expect(reports.cues).toEqual([]); // not shown

    sink.setTextTrack!('Deutsch');
    expect(hls().subtitleTrack).toBe(1);
    expect(hls().config.subtitlePreference).toEqual({ name: 'Deutsch' });
    expect(reports.textTracks.at(-1)![1]).toBe('Deutsch');
    subtitles([{ startTime: 3, endTime: 4, text: '<i>Hallo</i> &amp; tschüss' }]);
    hls().emit(Events.CUES_PARSED, {
      type: 'captions',
      cues: [{ startTime: 3, endTime: 4, text: 'CC' }],
      track: 'textTrack1',
    });
    expect(reports.cues).toEqual([
      { type: 'TextCue', startTime: 3, endTime: 4, text: 'Hallo & tschüss', track: 'Deutsch' },
    ]);

    sink.setTextTrack!('cc1');
    expect(hls().subtitleTrack).toBe(-1);
    hls().emit(Events.CUES_PARSED, {
      type: 'captions',
      cues: [{ startTime: 5, endTime: 6, text: 'CC' }],
      track: 'textTrack1',
    });
    expect(reports.cues.at(-1)).toEqual({ type: 'TextCue', startTime: 5, endTime: 6, text: 'CC', track: 'cc1' });
    // The next instance (a reload) prefers the page's choice.
    sink.setTextTrack!('English');
    sink.reload();
    expect(hls().config).toMatchObject({ subtitlePreference: { name: 'English' } });
  });
});
