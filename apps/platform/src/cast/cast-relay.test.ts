import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CastRelay, NO_CAST_FAULTS, type CastPeer } from './cast-relay.ts';
import type { LoadRequestData, ReceiverStatus, ToReceiver, ToSender } from './cast-protocol.ts';

function peer<T>() {
  const sent: T[] = [];
  const p: CastPeer<T> & { sent: T[]; closed: boolean } = {
    sent,
    closed: false,
    send: (message) => void sent.push(message),
    close() {
      p.closed = true;
    },
  };
  return p;
}

const REQUEST: LoadRequestData = {
  media: {
    contentId: 'http://127.0.0.1:8080/hls/studio-live/master.m3u8',
    contentType: 'application/x-mpegurl',
    streamType: 'BUFFERED',
  },
  currentTime: 0,
  autoplay: true,
};
const PLAYING: ReceiverStatus = { playerState: 'PLAYING', idleReason: null, currentTime: 3, volume: 1, muted: false };

function setUp() {
  let ids = 0;
  const relay = new CastRelay({ setTimeout, clearTimeout: (h) => clearTimeout(h as never) }, () => `s${++ids}`);
  const sender = peer<ToSender>();
  const tv = peer<ToReceiver>();
  return { relay, sender, tv };
}

/** A session on the TV, its media loaded and playing. */
function casting() {
  const parts = setUp();
  const { relay, sender, tv } = parts;
  relay.addReceiver(tv, 'Living Room TV');
  relay.addSender(sender);
  relay.fromSender(sender, { type: 'request-session' });
  relay.fromSender(sender, { type: 'load', request: REQUEST });
  relay.fromReceiver(tv, { type: 'load-result', ok: true });
  return parts;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the stand-in cast relay', () => {
  it('tells senders whether a receiver is there, as it comes and goes', () => {
    const { relay, sender, tv } = setUp();
    relay.addSender(sender);
    relay.addReceiver(tv, 'Living Room TV');
    relay.removeReceiver(tv);
    expect(sender.sent).toEqual([
      { type: 'availability', available: false, receiver: null },
      { type: 'availability', available: true, receiver: 'Living Room TV' },
      { type: 'availability', available: false, receiver: null },
    ]);
  });

  it('pairs a sender with the receiver, passes the load on and reports the result and the status', () => {
    const { sender, tv, relay } = casting();
    relay.fromReceiver(tv, { type: 'status', status: PLAYING });
    expect(tv.sent).toEqual([
      { type: 'session-started', sessionId: 's1' },
      { type: 'load', request: REQUEST },
    ]);
    expect(sender.sent.slice(1)).toEqual([
      { type: 'session-started', sessionId: 's1', receiver: 'Living Room TV' },
      { type: 'load-result', ok: true, code: null },
      { type: 'status', status: PLAYING },
    ]);
  });

  it('passes the controls to the receiver only within a session', () => {
    const { relay, sender, tv } = casting();
    relay.fromSender(sender, { type: 'command', command: 'pause' });
    relay.fromSender(sender, { type: 'command', command: 'setVolume', volume: 0.5 });
    relay.fromSender(sender, { type: 'command', command: 'setMuted', muted: true });
    const stranger = peer<ToSender>();
    relay.addSender(stranger);
    relay.fromSender(stranger, { type: 'command', command: 'play' });
    expect(tv.sent.slice(2)).toEqual([
      { type: 'command', command: 'pause' },
      { type: 'command', command: 'setVolume', volume: 0.5 },
      { type: 'command', command: 'setMuted', muted: true },
    ]);
  });

  it('ends the session on stop, for both ends', () => {
    const { relay, sender, tv } = casting();
    relay.fromSender(sender, { type: 'end-session', stop: true });
    expect(sender.sent.at(-1)).toEqual({ type: 'session-ended', reason: 'stopped' });
    expect(tv.sent.at(-1)).toEqual({ type: 'session-ended' });
  });

  it('lets the TV play on when the sender leaves without stopping it', () => {
    const { relay, sender, tv } = casting();
    relay.fromSender(sender, { type: 'end-session', stop: false });
    expect(sender.sent.at(-1)).toEqual({ type: 'session-ended', reason: 'stopped' });
    expect(tv.sent.at(-1)).toEqual({ type: 'load', request: REQUEST });
  });

  it('fault noReceiver: no receiver is announced, and a request is receiver_unavailable', () => {
    const { relay, sender, tv } = setUp();
    relay.addReceiver(tv, 'TV');
    relay.setFaults({ ...NO_CAST_FAULTS, noReceiver: true });
    relay.addSender(sender);
    relay.fromSender(sender, { type: 'request-session' });
    expect(sender.sent).toEqual([
      { type: 'availability', available: false, receiver: null },
      { type: 'session-error', code: 'receiver_unavailable' },
    ]);
  });

  it('fault refuseSession: session_error, and the receiver hears nothing', () => {
    const { relay, sender, tv } = setUp();
    relay.addReceiver(tv, 'TV');
    relay.setFaults({ ...NO_CAST_FAULTS, refuseSession: true });
    relay.addSender(sender);
    relay.fromSender(sender, { type: 'request-session' });
    expect(sender.sent.at(-1)).toEqual({ type: 'session-error', code: 'session_error' });
    expect(tv.sent).toEqual([]);
  });

  it('fault failLoad: load_media_failed, and the receiver is not asked to load', () => {
    const { relay, sender, tv } = setUp();
    relay.addReceiver(tv, 'TV');
    relay.setFaults({ ...NO_CAST_FAULTS, failLoad: true });
    relay.addSender(sender);
    relay.fromSender(sender, { type: 'request-session' });
    relay.fromSender(sender, { type: 'load', request: REQUEST });
    expect(sender.sent.at(-1)).toEqual({ type: 'load-result', ok: false, code: 'load_media_failed' });
    expect(tv.sent).toEqual([{ type: 'session-started', sessionId: 's1' }]);
  });

  it('fault dropAfterLoadMs: the receiver goes away that long after it plays, and the sender hears dropped', () => {
    const { relay, sender, tv } = setUp();
    relay.setFaults({ ...NO_CAST_FAULTS, dropAfterLoadMs: 2000 });
    relay.addReceiver(tv, 'TV');
    relay.addSender(sender);
    relay.fromSender(sender, { type: 'request-session' });
    relay.fromSender(sender, { type: 'load', request: REQUEST });
    relay.fromReceiver(tv, { type: 'load-result', ok: true });
    vi.advanceTimersByTime(1999);
    expect(tv.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(tv.closed).toBe(true);
    expect(sender.sent.slice(-2)).toEqual([
      { type: 'session-ended', reason: 'dropped' },
      { type: 'availability', available: false, receiver: null },
    ]);
  });

  it('a receiver that disconnects mid-session drops it', () => {
    const { relay, sender, tv } = casting();
    relay.removeReceiver(tv);
    expect(sender.sent).toContainEqual({ type: 'session-ended', reason: 'dropped' });
  });

  it('a second sender takes the receiver over; the first hears stopped', () => {
    const { relay, sender, tv } = casting();
    const phone = peer<ToSender>();
    relay.addSender(phone);
    relay.fromSender(phone, { type: 'request-session' });
    expect(sender.sent.at(-1)).toEqual({ type: 'session-ended', reason: 'stopped' });
    expect(phone.sent.at(-1)).toEqual({ type: 'session-started', sessionId: 's2', receiver: 'Living Room TV' });
    expect(tv.sent.slice(-2)).toEqual([{ type: 'session-ended' }, { type: 'session-started', sessionId: 's2' }]);
  });

  it('a load without a session is a session_error', () => {
    const { relay, sender, tv } = setUp();
    relay.addReceiver(tv, 'TV');
    relay.addSender(sender);
    relay.fromSender(sender, { type: 'load', request: REQUEST });
    expect(sender.sent.at(-1)).toEqual({ type: 'load-result', ok: false, code: 'session_error' });
  });
});
