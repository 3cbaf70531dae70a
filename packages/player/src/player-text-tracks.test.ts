import { describe, expect, it } from 'vitest';
import type { SinkFactory } from './sinks/sink.ts';
import { fakeSinkFactory, type FakeSink } from './testing/fakes.ts';
import { setUp, startPlaying, URL_A, useFakeTime } from './testing/player-harness.ts';
import type { TextCue } from './types/events.ts';
import type { TextTrack } from './types/quality.ts';

/** The player's text tracks: the state, setTextTrack, and which cues become `text-cue` events. */
useFakeTime();

const TRACKS: TextTrack[] = [
  { id: 'English', name: 'English', language: 'en', kind: 'subtitles', default: true },
  { id: 'cc1', name: 'CC1', language: '', kind: 'captions', default: false },
];

/** The fake mse sink with a text track choice it records (setTextTrack), into `made()`. */
function withTextTracks(made: () => FakeSink[]): SinkFactory {
  return {
    ...fakeSinkFactory('mse', []),
    create(host, env) {
      const sink = fakeSinkFactory('mse', made()).create(host, env) as FakeSink;
      sink.setTextTrack = (id) => void sink.calls.push({ method: 'setTextTrack', args: [id] });
      return sink;
    },
  };
}

function textSetUp() {
  let made: FakeSink[] = [];
  const h = setUp({ sinks: { mse: withTextTracks(() => made) } });
  made = h.sinks;
  const cues: TextCue[] = [];
  const changes: unknown[] = [];
  h.player.on('text-cue', (cue) => cues.push(cue));
  h.player.on('text-tracks-changed', (change) => changes.push(change));
  return { h, sink: () => made.at(-1)!, cues, changes };
}

const cue = (startTime: number, track: string, text = track): TextCue => ({
  type: 'TextCue',
  startTime,
  endTime: startTime + 1,
  text,
  track,
});

describe('text tracks', () => {
  it('lists the sink’s text tracks, none shown until the page asks; an unknown id is an error', async () => {
    const { h, sink, changes } = textSetUp();
    await startPlaying(h);
    expect(h.player.getState()).toMatchObject({ textTracks: [], textTrack: null });
    sink().host.onTextTracks!(TRACKS, null);
    expect(h.player.getState()).toMatchObject({ textTracks: TRACKS, textTrack: null });
    expect(changes).toEqual([{ tracks: TRACKS, selected: null }]);

    h.player.setTextTrack('Klingon');
    expect(h.of('error').at(-1)).toMatchObject({ type: 'InvalidParameter', code: 1016, fatal: false });
    expect(sink().called('setTextTrack')).toEqual([]);

    h.player.setTextTrack('English');
    expect(sink().called('setTextTrack')).toEqual([['English']]);
    // The state follows what the sink confirms.
    expect(h.player.getState().textTrack).toBeNull();
    sink().host.onTextTracks!(TRACKS, 'English');
    expect(h.player.getState().textTrack).toBe('English');
    h.player.setTextTrack(null);
    expect(sink().called('setTextTrack').at(-1)).toEqual([null]);
  });

  it('delivers the shown track’s cues when playback reaches them, and the platform’s ID3 captions always', async () => {
    const { h, sink, cues } = textSetUp();
    await startPlaying(h);
    sink().host.onTextTracks!(TRACKS, 'English');
    sink().host.onTimedCues([cue(10, 'English'), cue(10, 'cc1'), cue(11, 'id3'), cue(12, 'English')]);
    h.video.currentTime = 11.5;
    h.video.emit('timeupdate');
    expect(cues.map((c) => [c.startTime, c.track])).toEqual([
      [10, 'English'],
      [11, 'id3'],
    ]);
    // Turned off: what was held for it is dropped; ID3 captions go on.
    sink().host.onTextTracks!(TRACKS, null);
    sink().host.onTimedCues([cue(13, 'English'), cue(13, 'id3')]);
    h.video.currentTime = 14;
    h.video.emit('timeupdate');
    expect(cues.map((c) => [c.startTime, c.track]).slice(2)).toEqual([[13, 'id3']]);
  });

  it('carries the choice onto the next source and sink, its state starting empty', async () => {
    const { h, sink } = textSetUp();
    await startPlaying(h);
    sink().host.onTextTracks!(TRACKS, null);
    h.player.setTextTrack('cc1');
    h.player.load(URL_A);
    expect(h.player.getState()).toMatchObject({ textTracks: [], textTrack: null });
    expect(sink().called('setTextTrack')).toEqual([['cc1']]);
  });
});

describe('timed cues in step with the picture', () => {
  it('releases a metadata cue with the first frame that reaches it; timeupdate only what frames left', async () => {
    const { h, sink } = textSetUp();
    const metadata: number[] = [];
    h.player.on('text-metadata-cue', (cue) => metadata.push(cue.startTime));
    // An element that tells its frames (requestVideoFrameCallback), the test presenting them.
    let frame: VideoFrameRequestCallback | null = null;
    const element = h.video as unknown as Record<string, unknown>;
    element.requestVideoFrameCallback = (callback: VideoFrameRequestCallback) => {
      frame = callback;
      return 1;
    };
    element.cancelVideoFrameCallback = () => void (frame = null);
    const present = (mediaTime: number) => {
      const callback = frame;
      frame = null;
      callback?.(0, { mediaTime } as VideoFrameCallbackMetadata);
    };
    await startPlaying(h);
    const metadataCue = (startTime: number) => ({
      type: 'TextMetadataCue' as const,
      description: 'onair:segment',
      startTime,
      endTime: startTime,
      text: '{}',
      owner: '',
    });
    sink().host.onTimedCues([metadataCue(10), metadataCue(12)]);
    h.video.currentTime = 9.9;
    h.video.emit('timeupdate'); // frames follow from now on
    present(9.967);
    expect(metadata).toEqual([]);
    // timeupdate at its time does not release it: its frame does.
    h.video.currentTime = 10.1;
    h.video.emit('timeupdate');
    expect(metadata).toEqual([]);
    present(10);
    expect(metadata).toEqual([10]);
    // No frame came for the next one (a background tab): timeupdate releases it a little late.
    h.video.currentTime = 12.1;
    h.video.emit('timeupdate');
    expect(metadata).toEqual([10]);
    h.video.currentTime = 12.3;
    h.video.emit('timeupdate');
    expect(metadata).toEqual([10, 12]);
  });
});
