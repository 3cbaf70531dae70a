import type { ConsentChoice, EventMessage, Reply } from '@onair/embed-sdk/protocol';
import type { Player, PlayerStateObject, Quality } from '@onair/player';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlayerRequester } from '../player/player-requester.ts';
import { HostBridge, TELEMETRY_INTERVAL_MS, type BridgeHarness } from './host-bridge.ts';

const Q720 = { name: '720p', width: 1280, height: 720 } as Quality;
const Q160 = { name: '160p', width: 284, height: 160 } as Quality;
const CC1 = { id: 'cc1', name: 'CC1', language: 'en', kind: 'captions', default: false } as const;

/** A player whose state a test sets, recording what it is asked. */
function fakePlayer() {
  const calls: string[] = [];
  const listeners = new Set<() => void>();
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  let state = {
    state: 'Idle',
    paused: true,
    muted: false,
    volume: 1,
    qualities: [Q720, Q160],
    audioTracks: [],
    textTracks: [],
    textTrack: null,
    quality: null,
    autoQualityMode: true,
    loaded: true,
    error: null,
    liveLatency: Number.NaN,
    position: 10,
    trackBufferedRanges: { audio: [], video: [{ start: 9, end: 11.5 }] },
    statistics: { bitrate: 0, framerate: 30, droppedFrames: 2, decodedFrames: 300 },
  } as unknown as PlayerStateObject;
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push(
        `${name}(${args.map((a) => (a !== null && typeof a === 'object' ? (a as Quality).name : String(a))).join()})`,
      );
      return Promise.resolve();
    };
  const player = {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    on(type: string, listener: (payload: unknown) => void) {
      if (!handlers.has(type)) handlers.set(type, new Set());
      handlers.get(type)!.add(listener);
    },
    off: (type: string, listener: (payload: unknown) => void) => handlers.get(type)?.delete(listener),
    play: record('play'),
    pause: record('pause'),
    // Sound changes apply at once, as the real player's do.
    setMuted(muted: boolean) {
      void record('setMuted')(muted);
      set({ muted });
    },
    setVolume(volume: number) {
      void record('setVolume')(volume);
      set({ volume });
    },
    setQuality: record('setQuality'),
    setAutoQualityMode: record('setAutoQualityMode'),
    seekToLive: record('seekToLive'),
    setTextTrack: record('setTextTrack'),
  } as unknown as Player;
  function set(patch: Partial<PlayerStateObject>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }
  return {
    player,
    calls,
    set,
    emit: (type: string, payload: unknown) => handlers.get(type)?.forEach((listener) => listener(payload)),
    subscribers: () => listeners.size,
  };
}

function setUp({ ready = true }: { ready?: boolean } = {}) {
  const posted: (EventMessage | Reply)[] = [];
  let receive: (data: unknown) => void = () => {};
  const harness: BridgeHarness = {
    post: (message) => void posted.push(message),
    listen(listener) {
      receive = listener;
      return () => (receive = () => {});
    },
    now: () => Date.now(),
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    setConsent: (choice) => void consents.push(choice),
    navigate: (channel, carry) => {
      navigations.push({ channel, ...carry });
      return true;
    },
  };
  const navigations: { channel: string; muted: boolean; playing: boolean | null }[] = [];
  const consents: ConsentChoice[] = [];
  const bridge = new HostBridge(harness, 'studio-live');
  if (ready) bridge.sayReady();
  const fake = fakePlayer();
  const requester = createPlayerRequester(fake.player, () => Date.now());
  const events = () => posted.filter((m) => m.type === 'event').map((m) => (m as EventMessage).event);
  const replies = () => posted.filter((m): m is Reply => m.type === 'reply');
  const command = (body: Record<string, unknown>, onair = 1) => receive({ onair, type: 'command', id: 'c1', ...body });
  const command2 = (body: Record<string, unknown>) => command(body, 2);
  return { bridge, fake, requester, posted, events, replies, command, command2, consents, navigations };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('HostBridge', () => {
  it('says ready with the channel, then online/offline once per change, both ways', () => {
    const h = setUp();
    expect(h.posted[0]).toEqual({ onair: 1, type: 'event', event: 'ready', channel: 'studio-live' });
    h.bridge.setLive(false);
    h.bridge.setLive(false);
    h.bridge.setLive(true);
    h.bridge.setLive(false);
    expect(h.events()).toEqual(['ready', 'offline', 'online', 'offline']);
  });

  it('says nothing before ready, then ready first and what the route said before it, in order', () => {
    const h = setUp({ ready: false });
    // Commands are answered meanwhile (a page's own code may not wait for ready).
    h.command({ command: 'play' });
    expect(h.replies()).toEqual([{ onair: 1, type: 'reply', id: 'c1', ok: false, reason: 'not-playing' }]);
    h.bridge.setLive(true);
    h.bridge.attach(h.fake.player, h.requester);
    expect(h.events()).toEqual([]);
    h.bridge.sayReady();
    h.bridge.sayReady();
    expect(h.events()).toEqual(['ready', 'online', 'volume']);
  });

  it('answers commands before a player with not-playing, and ignores what is not a command', () => {
    const h = setUp();
    h.command({ command: 'play' });
    h.command({ command: 'explode' });
    expect(h.replies()).toEqual([{ onair: 1, type: 'reply', id: 'c1', ok: false, reason: 'not-playing' }]);
  });

  it('runs commands through the requester, with the viewer rules (setVolume unmutes)', async () => {
    const h = setUp();
    h.fake.set({ muted: true });
    h.bridge.attach(h.fake.player, h.requester);
    h.command({ command: 'setVolume', volume: 0.4 });
    // Volume and mute changed in two steps: heard once, as they ended.
    await Promise.resolve();
    expect(h.posted.filter((m) => m.type === 'event' && m.event === 'volume').slice(1)).toEqual([
      { onair: 1, type: 'event', event: 'volume', volume: 0.4, muted: false },
    ]);
    h.command({ command: 'setQuality', quality: '720p' });
    h.command({ command: 'setQuality', quality: '4k' });
    h.command({ command: 'goLive' });
    expect(h.fake.calls).toEqual(['setVolume(0.4)', 'setMuted(false)', 'setQuality(720p)', 'seekToLive()', 'play()']);
    expect(h.replies().map((r) => (r.ok ? 'ok' : r.reason))).toEqual(['ok', 'ok', 'unknown-quality', 'ok']);
  });

  it('tells a player already playing as its sound, play, playing; then each change once, in order', async () => {
    const h = setUp();
    h.fake.set({ paused: false, state: 'Playing', muted: true });
    h.bridge.attach(h.fake.player, h.requester);
    expect(h.posted[2]).toMatchObject({ event: 'volume', volume: 1, muted: true });
    h.fake.set({ paused: true });
    h.fake.set({ state: 'Ready' });
    h.fake.set({ volume: 0.5 });
    await Promise.resolve();
    h.fake.emit('quality-changed', Q720);
    h.fake.emit('playback-blocked', {});
    h.fake.set({ error: { type: 'Network', code: 1, source: 'x', message: 'https://cdn/x?token=secret' } as never });
    expect(h.events()).toEqual([
      'ready',
      'online',
      'volume',
      'play',
      'playing',
      'pause',
      'volume',
      'quality',
      'playback-blocked',
      'error',
    ]);
    const error = h.posted.at(-1) as Extract<EventMessage, { event: 'error' }>;
    expect(error).toMatchObject({ type: 'event', errorType: 'Network' });
    expect(error.message).not.toContain('token');
  });

  it('holds a stream gone (NotAvailable) until the screen shows it; a stream that ends is told as offline alone', () => {
    const h = setUp();
    const detach = h.bridge.attach(h.fake.player, h.requester);
    const gone = { type: 'NotAvailable', code: 404, source: 'x', message: 'gone' } as never;
    h.fake.set({ error: gone });
    expect(h.events()).not.toContain('error');
    // The channel said still live: the screen shows it, and the page hears it once.
    h.bridge.errorShown(gone);
    h.bridge.errorShown(gone);
    expect(h.events().filter((e) => e === 'error')).toHaveLength(1);
    expect(h.posted.at(-1)).toMatchObject({ event: 'error', errorType: 'NotAvailable' });
    // A later stream gone is held again; the channel said offline: the route moves on.
    h.fake.set({ error: null });
    h.fake.set({ error: { ...(gone as object) } as never });
    detach();
    h.bridge.setLive(false);
    expect(h.events().slice(-2)).toEqual(['error', 'offline']);
  });

  it('sends telemetry every second while playing only, with the panel figures', () => {
    const h = setUp();
    h.bridge.attach(h.fake.player, h.requester);
    vi.advanceTimersByTime(3 * TELEMETRY_INTERVAL_MS);
    expect(h.events().filter((e) => e === 'telemetry')).toHaveLength(0);
    h.fake.set({ paused: false, state: 'Playing', liveLatency: 0.734, quality: Q720 });
    vi.advanceTimersByTime(2 * TELEMETRY_INTERVAL_MS);
    const telemetry = h.posted.filter((m) => m.type === 'event' && m.event === 'telemetry');
    expect(telemetry).toHaveLength(2);
    expect(telemetry[0]).toMatchObject({ latency: 0.73, buffer: 1.5, droppedFrames: 2, rendition: '720p' });
  });

  it('counts rebuffers after the start, with their time, and answers getStats with them', () => {
    const h = setUp();
    h.bridge.attach(h.fake.player, h.requester);
    h.fake.set({ state: 'Buffering' });
    vi.advanceTimersByTime(5000);
    h.fake.set({ state: 'Playing' });
    h.fake.set({ state: 'Buffering' });
    vi.advanceTimersByTime(1500);
    h.fake.set({ state: 'Playing' });
    h.command({ command: 'getStats' });
    expect(h.replies()[0]).toMatchObject({ ok: true, value: { rebuffers: 1, rebufferTime: 1.5 } });
  });

  it('detaches: no more events, no timer, no subscription', () => {
    const h = setUp();
    const detach = h.bridge.attach(h.fake.player, h.requester);
    detach();
    h.fake.set({ paused: false, state: 'Playing' });
    vi.advanceTimersByTime(5000);
    expect(h.events()).toEqual(['ready', 'online', 'volume']);
    expect(vi.getTimerCount()).toBe(0);
    expect(h.fake.subscribers()).toBe(1); // the requester's own
  });

  describe('version 2', () => {
    it('tells a version-2 page each change of the stream’s title or categories, not the first, nor a new stream’s', () => {
      const h = setUp();
      h.command2({ command: 'hello' });
      h.bridge.setLive(true);
      h.bridge.setStreamInfo('Warm-up', ['Chess']);
      h.bridge.setStreamInfo('Warm-up', ['Chess']);
      h.bridge.setStreamInfo('Final round', ['Chess']);
      h.bridge.setLive(false);
      h.bridge.setLive(true);
      h.bridge.setStreamInfo('Another day', ['Music']);
      const updates = h.posted.filter((m) => m.type === 'event' && m.event === 'stream-updated');
      expect(updates).toEqual([
        { onair: 2, type: 'event', event: 'stream-updated', title: 'Final round', categories: ['Chess'] },
      ]);
    });

    it('never tells a version-1 page of a change to the stream', () => {
      const h = setUp();
      h.bridge.setStreamInfo('Warm-up', []);
      h.bridge.setStreamInfo('Final round', []);
      expect(h.events()).not.toContain('stream-updated');
    });

    it('speaks version 1 until a version-2 command, answering each command in its own version', () => {
      const h = setUp();
      h.bridge.attach(h.fake.player, h.requester);
      h.fake.set({ textTracks: [CC1] });
      h.fake.emit('text-metadata-cue', {
        type: 'TextMetadataCue',
        text: 'poll',
        description: '',
        owner: '',
        startTime: 1,
        endTime: 1,
      });
      // A version-1 page: no event it cannot know, every envelope version 1.
      expect(h.events()).not.toContain('captions');
      expect(h.events()).not.toContain('metadata');
      expect(h.posted.every((m) => m.onair === 1)).toBe(true);
      // Version-2 commands from a version-1 envelope are not version 1's.
      h.command({ command: 'getState' });
      expect(h.replies()).toEqual([]);
      h.command2({ command: 'hello' });
      expect(h.replies()).toEqual([{ onair: 2, type: 'reply', id: 'c1', ok: true }]);
      // The captions as they are, said at once; later events version 2; a version-1 command still answered in 1.
      expect(h.posted.at(-2)).toEqual({
        onair: 2,
        type: 'event',
        event: 'captions',
        tracks: [{ id: 'cc1', name: 'CC1', language: 'en', kind: 'captions' }],
        selected: null,
      });
      h.command({ command: 'pause' });
      expect(h.replies().at(-1)).toEqual({ onair: 1, type: 'reply', id: 'c1', ok: true });
      h.fake.emit('text-metadata-cue', {
        type: 'TextMetadataCue',
        text: 'poll',
        description: 'TXXX',
        owner: '',
        startTime: 1,
        endTime: 1,
      });
      expect(h.posted.at(-1)).toEqual({
        onair: 2,
        type: 'event',
        event: 'metadata',
        text: 'poll',
        description: 'TXXX',
        owner: '',
        startTime: 1,
      });
    });

    it('answers getState with the truth after each command, and with no player too', () => {
      const h = setUp();
      h.bridge.setLive(false);
      h.command2({ command: 'getState' });
      expect(h.replies().at(-1)).toMatchObject({
        ok: true,
        value: {
          channel: 'studio-live',
          live: false,
          playback: 'Idle',
          paused: true,
          volume: 1,
          muted: false,
          qualities: [],
        },
      });
      h.bridge.attach(h.fake.player, h.requester);
      h.fake.set({ paused: false, state: 'Playing', quality: Q720, liveLatency: 0.6181, textTracks: [CC1] });
      h.command2({ command: 'setVolume', volume: 0.3 });
      h.command2({ command: 'setQuality', quality: '160p' });
      h.fake.set({ quality: Q160, autoQualityMode: false });
      h.command2({ command: 'getState' });
      expect(h.replies().at(-1)).toEqual({
        onair: 2,
        type: 'reply',
        id: 'c1',
        ok: true,
        value: {
          channel: 'studio-live',
          live: true,
          playback: 'Playing',
          paused: false,
          volume: 0.3,
          muted: false,
          quality: '160p',
          autoQuality: false,
          qualities: ['720p', '160p'],
          latency: 0.62,
          captions: { tracks: [{ id: 'cc1', name: 'CC1', language: 'en', kind: 'captions' }], selected: null },
        },
      });
    });

    it('sets captions by track id through the requester, refusing an unknown one', () => {
      const h = setUp();
      h.bridge.attach(h.fake.player, h.requester);
      h.fake.set({ textTracks: [CC1] });
      h.command2({ command: 'setCaptions', track: 'cc1' });
      h.command2({ command: 'setCaptions', track: 'cc9' });
      h.command2({ command: 'setCaptions', track: null });
      expect(h.fake.calls).toEqual(['setTextTrack(cc1)', 'setTextTrack(null)']);
      expect(h.replies().map((r) => (r.ok ? 'ok' : r.reason))).toEqual(['ok', 'unknown-track', 'ok']);
    });

    it('takes the host page’s consent choice, with a player or without one', () => {
      const h = setUp();
      h.command2({ command: 'setConsent', consent: { targeting: true, performance: true } });
      h.command2({ command: 'setConsent', consent: { targeting: 'yes' } });
      expect(h.consents).toEqual([{ targeting: true, performance: true }]);
      expect(h.replies()).toHaveLength(1);
    });
  });

  it('switches channel in the frame, carrying the sound and play/pause, then says the new channel’s online or offline', () => {
    const h = setUp();
    const detach = h.bridge.attach(h.fake.player, h.requester);
    h.fake.set({ paused: false, state: 'Playing', volume: 0.4, muted: true });
    h.command2({ command: 'setChannel', channel: 'quiet-corner' });
    expect(h.navigations).toEqual([{ channel: 'quiet-corner', muted: true, playing: true }]);
    detach();
    h.bridge.setLive(false);
    h.command2({ command: 'getState' });
    expect(h.replies().at(-1)).toMatchObject({ value: { channel: 'quiet-corner', live: false, volume: 0.4 } });
    // Back to a live channel: online again, and its player gets the volume (its URL had mute).
    h.command2({ command: 'setChannel', channel: 'studio-live' });
    expect(h.navigations.at(-1)).toEqual({ channel: 'studio-live', muted: true, playing: null });
    const next = fakePlayer();
    h.bridge.attach(
      next.player,
      createPlayerRequester(next.player, () => Date.now()),
    );
    expect(next.calls).toEqual(['setVolume(0.4)']);
    expect(h.events().filter((e) => e === 'online' || e === 'offline')).toEqual(['online', 'offline', 'online']);
    // The same channel: nothing to do; an invalid slug: not a command.
    h.command2({ command: 'setChannel', channel: 'studio-live' });
    h.command2({ command: 'setChannel', channel: '../admin' });
    expect(h.navigations).toHaveLength(2);
    expect(h.replies().map((r) => r.ok)).toEqual([true, true, true, true]);
  });
});
