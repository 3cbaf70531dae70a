import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostEnvironment } from './host-environment.ts';
import type { InboundMessage } from './inbound.ts';
import { COMMAND_TIMEOUT_MS, OnAirPlayer, READY_TIMEOUT_MS, type PlayerOptions } from './onair-player.ts';
import type { PlayerSnapshot, Telemetry } from './protocol.ts';

const ORIGIN = 'https://player.example';
const STATS: Telemetry = {
  latency: 2.1,
  buffer: 1.5,
  rebuffers: 0,
  rebufferTime: 0,
  droppedFrames: 3,
  rendition: '720p',
};

/** A page in miniature: one container, the frame's window (recording what is posted to it), the message bus. */
function fakeHost() {
  const posted: { message: Record<string, unknown>; targetOrigin: string }[] = [];
  const frameWindow = {
    postMessage: (message: unknown, targetOrigin: string) =>
      void posted.push({ message: message as Record<string, unknown>, targetOrigin }),
  };
  const frames: { container: unknown; attributes: Readonly<Record<string, string>>; removed: boolean }[] = [];
  let listener: ((message: InboundMessage) => void) | null = null;
  const reportError = vi.fn();
  const env: HostEnvironment = {
    createFrame(container, attributes) {
      const frame = { container, attributes, removed: false };
      frames.push(frame);
      return {
        get contentWindow() {
          return frame.removed ? null : frameWindow;
        },
        remove: () => void (frame.removed = true),
      };
    },
    listen(added) {
      listener = added;
      return () => void (listener = null);
    },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
    reportError,
  };
  return {
    env,
    frames,
    posted,
    reportError,
    listening: () => listener !== null,
    /** A message as the page receives it; by default from the player's frame at the embed origin. */
    receive(data: unknown, from: Partial<Omit<InboundMessage, 'data'>> = {}) {
      listener?.({ source: frameWindow, origin: ORIGIN, ...from, data });
    },
    event(fields: Record<string, unknown>) {
      this.receive({ onair: 1, type: 'event', ...fields });
    },
    /** What was posted but the `hello` each `ready` brings. */
    commands: () => posted.filter((p) => p.message.command !== 'hello'),
    /** The reply to the `index`th command (not counting hellos). */
    reply(index: number, fields: Record<string, unknown> = { ok: true }) {
      this.receive({ onair: 2, type: 'reply', id: this.commands()[index]!.message.id, ...fields });
    },
  };
}

type Host = ReturnType<typeof fakeHost>;
let host: Host;
const create = (options: Partial<PlayerOptions> = {}) =>
  new OnAirPlayer('player', { channel: 'studio-live', origin: ORIGIN, ...options }, host.env);
const readyPlayer = () => {
  const player = create();
  host.event({ event: 'ready', channel: 'studio-live' });
  return player;
};

beforeEach(() => {
  vi.useFakeTimers();
  host = fakeHost();
});
afterEach(() => vi.useRealTimers());

describe('OnAirPlayer: the frame', () => {
  it('creates the embed iframe in the container, with the options in its URL', () => {
    create({ muted: true, autoplay: false });
    expect(host.frames).toHaveLength(1);
    expect(host.frames[0]!.container).toBe('player');
    expect(host.frames[0]!.attributes).toMatchObject({
      src: `${ORIGIN}/studio-live?muted=true&autoplay=false&allowfullscreen=true`,
      allow: 'autoplay; fullscreen; picture-in-picture; encrypted-media',
      allowfullscreen: '',
      title: 'OnAir player: studio-live',
    });
  });

  it('needs an origin where it cannot tell where it was loaded from (here: a file: module)', () => {
    expect(() => new OnAirPlayer('player', { channel: 'studio-live' }, host.env)).toThrow(/origin/);
    expect(host.frames).toHaveLength(0);
  });

  it('stops listening when the frame cannot be created (no such element)', () => {
    const env = {
      ...host.env,
      createFrame: () => {
        throw new Error('no element');
      },
    };
    expect(() => new OnAirPlayer('missing', { channel: 'c', origin: ORIGIN }, env)).toThrow('no element');
    expect(host.listening()).toBe(false);
  });
});

describe('OnAirPlayer: commands', () => {
  it('queues commands until the embed is ready, then posts them to the embed origin only', async () => {
    const player = create();
    void player.play();
    void player.setVolume(0.25);
    expect(host.posted).toEqual([]);
    host.event({ event: 'ready', channel: 'studio-live' });
    await expect(player.ready).resolves.toEqual({ event: 'ready', channel: 'studio-live' });
    expect(host.posted.map((p) => p.targetOrigin)).toEqual([ORIGIN, ORIGIN, ORIGIN]);
    // Version 2's hello first, so that the embed's events are version 2 from then on.
    expect(host.posted.map((p) => p.message)).toEqual([
      { onair: 2, type: 'command', id: expect.any(String), command: 'hello' },
      { onair: 2, type: 'command', id: expect.any(String), command: 'play' },
      { onair: 2, type: 'command', id: expect.any(String), command: 'setVolume', volume: 0.25 },
    ]);
    expect(new Set(host.posted.map((p) => p.message.id)).size).toBe(3);
  });

  it('resolves a command with its reply, and getStats with the telemetry', async () => {
    const player = readyPlayer();
    const paused = player.pause();
    const stats = player.getStats();
    host.reply(1, { ok: true, value: STATS });
    host.reply(0);
    await expect(paused).resolves.toBeUndefined();
    await expect(stats).resolves.toEqual(STATS);
  });

  it('rejects with an error that names the reply reason', async () => {
    const player = readyPlayer();
    const quality = player.setQuality('4320p');
    host.reply(0, { ok: false, reason: 'unknown-quality' });
    await expect(quality).rejects.toThrow('OnAir setQuality: unknown-quality');
  });

  it('rejects getStats answered without its value', async () => {
    const player = readyPlayer();
    const stats = player.getStats();
    host.reply(0);
    await expect(stats).rejects.toMatchObject({ reason: 'no-stats' });
  });

  it(`fails a sent command with "timeout" ${COMMAND_TIMEOUT_MS} ms after it was sent`, async () => {
    const player = create();
    const outcome = vi.fn();
    player.goLive().then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(10_000);
    host.event({ event: 'ready', channel: 'studio-live' });
    await vi.advanceTimersByTimeAsync(COMMAND_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.objectContaining({ message: 'OnAir goLive: timeout' }));
  });

  it(`fails a queued command with "not-ready" after ${READY_TIMEOUT_MS} ms, and never sends it late`, async () => {
    const player = create();
    const failure = player.play().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(READY_TIMEOUT_MS);
    expect(await failure).toMatchObject({ reason: 'not-ready' });
    host.event({ event: 'ready', channel: 'studio-live' });
    expect(host.commands()).toEqual([]);
  });

  it('refuses what the embed would ignore at once, posting nothing', async () => {
    const player = readyPlayer();
    await expect(player.setVolume(1.5)).rejects.toMatchObject({ reason: 'invalid-argument' });
    await expect(player.setQuality('')).rejects.toMatchObject({ reason: 'invalid-argument' });
    await expect(player.setCaptions('')).rejects.toMatchObject({ reason: 'invalid-argument' });
    await expect(player.setConsent({})).rejects.toMatchObject({ reason: 'invalid-argument' });
    expect(host.commands()).toEqual([]);
  });

  it('takes replies only from its frame at the embed origin', async () => {
    const player = readyPlayer();
    const outcome = vi.fn();
    player.play().then(outcome, outcome);
    const id = host.commands()[0]!.message.id;
    host.receive({ onair: 2, type: 'reply', id, ok: true }, { origin: 'https://evil.example' });
    host.receive({ onair: 2, type: 'reply', id, ok: true }, { source: {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).not.toHaveBeenCalled();
    host.reply(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toHaveBeenCalledWith(undefined);
  });
});

describe('OnAirPlayer: events', () => {
  it('tells each listener its events, typed by name, until it is removed', () => {
    const player = readyPlayer();
    const volumes: [number, boolean][] = [];
    const off = player.on('volume', (event) => volumes.push([event.volume, event.muted]));
    host.event({ event: 'volume', volume: 0.4, muted: false });
    off();
    host.event({ event: 'volume', volume: 0.9, muted: true });
    expect(volumes).toEqual([[0.4, false]]);
  });

  it('ignores events from another frame or origin, and messages of other protocols', () => {
    const player = create();
    const ready = vi.fn();
    player.on('ready', ready);
    host.receive({ onair: 1, type: 'event', event: 'ready', channel: 'x' }, { origin: 'https://evil.example' });
    host.receive({ onair: 1, type: 'event', event: 'ready', channel: 'x' }, { source: null });
    host.receive({ type: 'event', event: 'ready' });
    expect(ready).not.toHaveBeenCalled();
    host.event({ event: 'ready', channel: 'studio-live' });
    expect(ready).toHaveBeenCalledWith({ event: 'ready', channel: 'studio-live' });
  });

  it('reports a listener that throws to the page and keeps telling the others', () => {
    const player = readyPlayer();
    const after = vi.fn();
    player.on('pause', () => {
      throw new Error('host bug');
    });
    player.on('pause', after);
    host.event({ event: 'pause' });
    expect(host.reportError).toHaveBeenCalledWith(new Error('host bug'));
    expect(after).toHaveBeenCalledTimes(1);
  });
});

describe('OnAirPlayer.destroy', () => {
  it('removes the frame and its listener, fails pending and later calls, and tells no more events', async () => {
    const player = readyPlayer();
    const pending = player.play();
    const playing = vi.fn();
    player.on('playing', playing);
    player.destroy();
    expect(host.frames[0]!.removed).toBe(true);
    expect(host.listening()).toBe(false);
    await expect(pending).rejects.toMatchObject({ reason: 'destroyed' });
    await expect(player.pause()).rejects.toMatchObject({ reason: 'destroyed' });
    host.event({ event: 'playing' });
    expect(playing).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects `ready` when destroyed before it, and drops queued commands', async () => {
    const player = create();
    const queued = player.play();
    player.destroy();
    await expect(player.ready).rejects.toThrow(/destroyed/);
    await expect(queued).rejects.toMatchObject({ reason: 'destroyed' });
    expect(host.posted).toEqual([]);
  });
});

describe('OnAirPlayer: version 2', () => {
  const SNAPSHOT: PlayerSnapshot = {
    channel: 'studio-live',
    live: true,
    playback: 'Playing',
    paused: false,
    volume: 0.3,
    muted: true,
    quality: '720p',
    autoQuality: false,
    qualities: ['720p', '160p'],
    latency: 0.62,
    captions: { tracks: [{ id: 'cc1', name: 'CC1', language: 'en', kind: 'captions' }], selected: 'cc1' },
    audioOnly: true,
  };

  it('says hello on every ready (an embed loaded again starts at version 1)', () => {
    readyPlayer();
    host.event({ event: 'ready', channel: 'studio-live' });
    expect(host.posted.map((p) => p.message.command)).toEqual(['hello', 'hello']);
  });

  it('each getter asks the embed and reads its answer', async () => {
    const player = readyPlayer();
    const getters = [
      player.getChannel(),
      player.getQualities(),
      player.getQuality(),
      player.getVolume(),
      player.getMuted(),
      player.isPaused(),
      player.getLatency(),
      player.getCaptions(),
      player.getAudioOnly(),
    ];
    expect(host.commands().map((p) => p.message.command)).toEqual(Array(9).fill('getState'));
    for (let i = 0; i < getters.length; i++) host.reply(i, { ok: true, value: SNAPSHOT });
    expect(await Promise.all(getters)).toEqual([
      'studio-live',
      ['720p', '160p'],
      '720p',
      0.3,
      true,
      false,
      0.62,
      SNAPSHOT.captions,
      true,
    ]);
    const state = player.getPlayerState();
    host.reply(9, { ok: true, value: SNAPSHOT });
    await expect(state).resolves.toEqual(SNAPSHOT);
  });

  it('sends setCaptions, setConsent and setAudioOnly with their arguments only', async () => {
    const player = readyPlayer();
    const captions = player.setCaptions(null);
    const consent = player.setConsent({ targeting: true, performance: false });
    const audio = player.setAudioOnly(true);
    expect(host.commands().map((p) => p.message)).toEqual([
      { onair: 2, type: 'command', id: expect.any(String), command: 'setCaptions', track: null },
      {
        onair: 2,
        type: 'command',
        id: expect.any(String),
        command: 'setConsent',
        consent: { targeting: true, performance: false },
      },
      { onair: 2, type: 'command', id: expect.any(String), command: 'setAudioOnly', audioOnly: true },
    ]);
    host.reply(0, { ok: false, reason: 'unknown-track' });
    host.reply(1);
    host.reply(2);
    await expect(audio).resolves.toBeUndefined();
    await expect(captions).rejects.toMatchObject({ reason: 'unknown-track' });
    await expect(consent).resolves.toBeUndefined();
  });

  it('hears version-1 events (before its hello arrives) and version-2 ones alike', () => {
    const player = readyPlayer();
    const heard: string[] = [];
    player.on('volume', (e) => heard.push(`volume ${e.volume}`));
    player.on('metadata', (e) => heard.push(`metadata ${e.text}`));
    host.receive({ onair: 1, type: 'event', event: 'volume', volume: 1, muted: false });
    host.receive({
      onair: 2,
      type: 'event',
      event: 'metadata',
      text: 'poll',
      description: '',
      owner: '',
      startTime: 1,
    });
    expect(heard).toEqual(['volume 1', 'metadata poll']);
  });
});
