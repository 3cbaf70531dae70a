import { describe, expect, it, vi } from 'vitest';
import { PlayerState } from './types/state.ts';
import { Q360, Q720, setUp, startPlaying, URL_A, useFakeTime } from './testing/player-harness.ts';

/** The Player facade: play intent, requests and their events, analytics (fake element, fake sinks, fake timers). */
useFakeTime();

describe('play intent and the autoplay policy', () => {
  it('waits for ready: play() before the source is ready asks nothing of the element', async () => {
    const h = setUp();
    h.player.load(URL_A);
    await h.player.play();
    expect(h.video.playCalls).toBe(0);
    expect(h.player.getState().paused).toBe(false);
    h.sink().host.onQualities([Q360]);
    expect(h.video.playCalls).toBe(1);
    expect(h.player.getState().state).toBe(PlayerState.Ready);
  });

  it('retries muted when sound is refused, and says so with audio-blocked', async () => {
    const h = setUp();
    h.video.playPolicy = 'refuse-sound';
    h.player.load(URL_A);
    h.sink().host.onQualities([Q360]);
    await h.player.play();
    expect(h.video.muted).toBe(true);
    expect(h.player.getState().muted).toBe(true);
    expect(h.of('audio-blocked')).toHaveLength(1);
    expect(h.of('playback-blocked')).toHaveLength(0);
    expect(h.player.getState().paused).toBe(false);
  });

  it('gives up when even muted playback is refused: paused, playback-blocked', async () => {
    const h = setUp();
    h.video.playPolicy = 'refuse-all';
    h.player.load(URL_A);
    h.sink().host.onQualities([Q360]);
    await h.player.play();
    expect(h.video.playCalls).toBe(2);
    expect(h.of('audio-blocked')).toHaveLength(1);
    expect(h.of('playback-blocked')).toHaveLength(1);
    expect(h.player.getState().paused).toBe(true);
    // Nothing retries behind the viewer's back: the next load does not play by itself.
    h.player.load(URL_A);
    h.sink().host.onQualities([Q360]);
    expect(h.video.playCalls).toBe(2);
  });

  it('does not start in a hidden page, and starts when it becomes visible', async () => {
    const h = setUp();
    h.visibility.hidden = true;
    h.player.load(URL_A);
    h.sink().host.onQualities([Q360]);
    await h.player.play();
    expect(h.video.playCalls).toBe(0);
    h.visibility.set(false);
    expect(h.video.playCalls).toBe(1);
  });
});

describe('an element already playing when the player takes it', () => {
  // The embed's early script starts its element (muted) before the player exists; its sink
  // adopts the engine behind it, and the 'playing' it said went unheard.
  it('is confirmed as playing once load() hands it to its sink', () => {
    const h = setUp({}, { attach: false });
    h.video.paused = false;
    h.video.readyState = 4;
    h.player.attachMedia(h.video.asVideo());
    h.player.load(URL_A);
    expect(h.player.getState()).toMatchObject({ state: 'Playing', paused: false });
    expect(h.of('state-changed').at(-1)).toEqual({ state: 'Playing' });
  });

  it('is not, while paused or without media to play on', () => {
    for (const [paused, readyState] of [
      [true, 4],
      [false, 1],
    ] as const) {
      const h = setUp({}, { attach: false });
      h.video.paused = paused;
      h.video.readyState = readyState;
      h.player.attachMedia(h.video.asVideo());
      h.player.load(URL_A);
      expect(h.player.getState().state).not.toBe('Playing');
    }
  });
});

describe('requests and their events', () => {
  it('seekTo moves the element (never before 0, never to NaN) and seeked reports seek-completed', async () => {
    const h = setUp();
    await startPlaying(h);
    h.player.seekTo(42.5);
    expect(h.video.currentTime).toBe(42.5);
    expect(h.player.getState().position).toBe(42.5);
    h.player.seekTo(-3);
    expect(h.video.currentTime).toBe(0);
    h.player.seekTo(Number.NaN);
    expect(h.video.currentTime).toBe(0);
    h.video.currentTime = 12;
    h.video.emit('seeked');
    expect(h.of('seek-completed')).toEqual([{ position: 12 }]);
  });

  it("setLooping sets the state and the element's loop; anything but a boolean is ignored", async () => {
    const h = setUp();
    await startPlaying(h);
    expect(h.player.getState().looping).toBe(false);
    h.player.setLooping(true);
    expect(h.player.getState().looping).toBe(true);
    expect(h.video.loop).toBe(true);
    h.player.setLooping('yes' as unknown as boolean);
    expect(h.player.getState().looping).toBe(true);
    h.player.setLooping(false);
    expect(h.video.loop).toBe(false);
  });

  it('a seek back in a live window keeps low-latency catch-up out until Go live', async () => {
    const behind = async (rewind: boolean) => {
      const h = setUp();
      await startPlaying(h);
      const sink = h.sink() as unknown as Record<string, unknown>;
      sink.lowLatencyTarget = () => 1;
      sink.liveEdgeDistance = () => ({ seconds: 30, targetDuration: 1 });
      h.video.bufferedRanges = [[0, 60]];
      if (rewind) h.player.seekTo(12);
      await vi.advanceTimersByTimeAsync(2000);
      return h;
    };
    // 29 s behind a 1 s target: catch-up engages at its fast rate…
    expect((await behind(false)).video.playbackRate).toBe(1.1);
    // …unless the viewer went back there; Go live lets it act again.
    const h = await behind(true);
    expect(h.video.playbackRate).toBe(1);
    h.player.seekToLive();
    await vi.advanceTimersByTimeAsync(4000);
    expect(h.video.playbackRate).toBe(1.1);
  });

  it('steers catch-up as the element begins to play, not a poll later', async () => {
    const h = setUp();
    h.player.load(URL_A);
    void h.player.play();
    h.sink().host.onQualities([Q360, Q720]);
    await vi.advanceTimersByTimeAsync(0);
    const sink = h.sink() as unknown as Record<string, unknown>;
    sink.lowLatencyTarget = () => 0.6;
    sink.liveEdgeDistance = () => ({ seconds: 0.85, targetDuration: 1 });
    h.video.bufferedRanges = [[0, 60]];
    h.video.startPlaying();
    await vi.advanceTimersByTimeAsync(1);
    // 0.25 s behind at the start: the approach begins at once, well before the 500 ms poll.
    expect(h.video.playbackRate).toBe(1.1);
  });

  it('seekToLive asks the sink for the live edge, only while a live source plays', async () => {
    const h = setUp();
    h.player.seekToLive();
    await startPlaying(h);
    h.sink().live = false;
    h.player.seekToLive();
    expect(h.sink().called('seekToLiveEdge')).toHaveLength(0);
    h.sink().live = true;
    h.player.seekToLive();
    expect(h.sink().called('seekToLiveEdge')).toHaveLength(1);
  });

  it('setLiveMaxLatency reaches the state and the sink, and ignores a bound that is not positive', () => {
    const h = setUp();
    h.player.load(URL_A);
    h.player.setLiveMaxLatency(6);
    h.player.setLiveMaxLatency(0);
    h.player.setLiveMaxLatency(-1);
    expect(h.player.getState().liveMaxLatency).toBe(6);
    expect(h.sink().called('setLiveMaxLatency')).toEqual([[6]]);
  });

  it('emits rebuffering when playback waits, and jumps to live only with setRebufferToLive', async () => {
    const h = setUp();
    await startPlaying(h);
    h.video.emit('waiting');
    expect(h.of('rebuffering')).toHaveLength(1);
    expect(h.player.getState().state).toBe(PlayerState.Buffering);
    expect(h.sink().called('seekToLiveEdge')).toHaveLength(0);
    h.player.setRebufferToLive(true);
    expect(h.player.getState().rebufferToLive).toBe(true);
    h.video.emit('waiting');
    expect(h.sink().called('seekToLiveEdge')).toHaveLength(1);
    // A paused element waiting for data is not rebuffering.
    h.video.pause();
    h.video.emit('waiting');
    expect(h.of('rebuffering')).toHaveLength(2);
  });

  it('reports volume, mute and the viewer rate once each, with clamps', () => {
    const h = setUp();
    h.player.setVolume(1.7);
    h.player.setVolume(1);
    h.player.setMuted(true);
    h.player.setPlaybackRate(9);
    expect(h.of('volume-changed')).toEqual([]); // 1 → clamped 1: no change
    h.player.setVolume(0.25);
    expect(h.of('volume-changed')).toEqual([{ volume: 0.25 }]);
    expect(h.of('muted-changed')).toEqual([{ muted: true }]);
    expect(h.of('playback-rate-changed')).toEqual([{ playbackRate: 2 }]);
    expect(h.video.defaultPlaybackRate).toBe(2);
    expect(h.player.getState()).toMatchObject({ volume: 0.25, muted: true, playbackRate: 2 });
  });
});

describe('analytics and statistics', () => {
  const stats = (h: ReturnType<typeof setUp>) => h.of('analytics').filter((e) => e.name === 'player_stats');

  it('emits player_stats after every 10 s of play with played_ms, and on pause', async () => {
    const h = setUp();
    await startPlaying(h);
    await vi.advanceTimersByTimeAsync(9_500);
    expect(stats(h)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(stats(h).map((e) => e.properties)).toMatchObject([
      { reason: 'interval', played_ms: 10_000, app_platform: 'web', sink: 'mse' },
    ]);
    await vi.advanceTimersByTimeAsync(3_000);
    h.player.pause();
    const last = stats(h).at(-1)!;
    expect(last.properties).toMatchObject({ reason: 'pause', played_ms: 3_000 });
  });

  it('counts no play time while buffering', async () => {
    const h = setUp();
    await startPlaying(h);
    h.video.emit('waiting');
    await vi.advanceTimersByTimeAsync(9_000); // below the buffering timeout
    h.video.emit('playing');
    await vi.advanceTimersByTimeAsync(9_500);
    expect(stats(h)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(stats(h)).toHaveLength(1);
  });

  it('sends video-play once when the load first plays, and minute-watched every 60 s of play, with the GPU fields', async () => {
    const h = setUp();
    await startPlaying(h);
    const named = (name: string) => h.of('analytics').filter((e) => e.name === name);
    const gpu = { gpu_supported: false, gpu_unsupported_reason: 'not-requested', gpu_vendor: null };
    expect(named('video-play').map((e) => e.properties)).toMatchObject([{ sink: 'mse', ...gpu }]);
    h.video.emit('waiting');
    h.video.emit('playing');
    await vi.advanceTimersByTimeAsync(59_500);
    expect(named('minute-watched')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(named('minute-watched').map((e) => e.properties)).toMatchObject([{ minutes_watched: 1, ...gpu }]);
    expect(named('video-play')).toHaveLength(1);
  });

  it('measures statistics.bitrate from the media downloaded, not the advertised bandwidth', async () => {
    const h = setUp();
    await startPlaying(h);
    h.sink().host.onQualityChanged(Q720);
    h.sink().bitrate = 2_345_678;
    await vi.advanceTimersByTimeAsync(500);
    expect(h.player.getState().statistics.bitrate).toBe(2_345_678);
    expect(h.player.getState().averageBitrate).toBe(Q720.bitrate);
  });

  it('fills sessionData, startOffset and channelMetadata from the source', () => {
    const h = setUp();
    h.player.load(URL_A);
    h.sink().host.onSourceInfo({
      sessionData: { 'com.onair.server-time': '../time', 'com.onair.channel.title': 'Night' },
      startOffset: -1.5,
    });
    expect(h.player.getState()).toMatchObject({
      sessionData: { 'com.onair.server-time': '../time', 'com.onair.channel.title': 'Night' },
      startOffset: -1.5,
      channelMetadata: { title: 'Night' },
      looping: false,
    });
  });
});
