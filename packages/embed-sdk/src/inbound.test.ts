import { describe, expect, it } from 'vitest';
import { acceptMessage, EVENT_NAMES, parseEmbedMessage } from './inbound.ts';

const ORIGIN = 'https://player.example';
const frameWindow = { name: 'the embed frame' };
const ready = { onair: 1, type: 'event', event: 'ready', channel: 'studio-live' };

describe('parseEmbedMessage', () => {
  it.each([
    ['an event', ready],
    ['a telemetry event', { onair: 1, type: 'event', event: 'telemetry', latency: 2, buffer: 1 }],
    ['a reply', { onair: 1, type: 'reply', id: 'onair-1', ok: true }],
    ['a refusal', { onair: 1, type: 'reply', id: 'onair-1', ok: false, reason: 'refused' }],
  ])('takes %s', (_name, data) => {
    expect(parseEmbedMessage(data)).toEqual(data);
  });

  it.each([
    ['another protocol', { type: 'event', event: 'ready' }],
    ['a later version', { ...ready, onair: 3 }],
    ['an unknown event', { onair: 1, type: 'event', event: 'toString' }],
    ['a command (our own, echoed)', { onair: 1, type: 'command', id: 'x', command: 'play' }],
    ['a reply without id', { onair: 1, type: 'reply', ok: true }],
    ['a reply without ok', { onair: 1, type: 'reply', id: 'x' }],
    ['text', 'onair:1'],
    ['an array', [1]],
    ['null', null],
  ])('ignores %s', (_name, data) => {
    expect(parseEmbedMessage(data)).toBeNull();
  });

  it('knows every event of the protocol', () => {
    expect([...EVENT_NAMES].sort()).toEqual(
      [
        'ready',
        'play',
        'pause',
        'playing',
        'ended',
        'online',
        'offline',
        'volume',
        'quality',
        'error',
        'playback-blocked',
        'telemetry',
        'captions',
        'metadata',
        'audio-only',
        'stream-updated',
      ].sort(),
    );
  });
});

describe('acceptMessage (the origin rule)', () => {
  it('takes our message from the player frame at the embed origin', () => {
    expect(acceptMessage({ source: frameWindow, origin: ORIGIN, data: ready }, frameWindow, ORIGIN)).toEqual(ready);
  });

  it.each([
    ['another frame at the embed origin (a second player)', { source: {}, origin: ORIGIN }],
    ['the player frame navigated to another origin', { source: frameWindow, origin: 'https://evil.example' }],
    ['the host page itself', { source: null, origin: 'https://host.example' }],
  ])('ignores %s', (_name, sender) => {
    expect(acceptMessage({ ...sender, data: ready }, frameWindow, ORIGIN)).toBeNull();
  });

  it('ignores everything while the frame has no window (a null source cannot pass for it)', () => {
    expect(acceptMessage({ source: null, origin: ORIGIN, data: ready }, null, ORIGIN)).toBeNull();
  });
});
