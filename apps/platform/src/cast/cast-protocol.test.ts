import { describe, expect, it } from 'vitest';
import { parseReceiverMessage, parseSenderMessage } from './cast-protocol.ts';

const load = (contentId: string) =>
  JSON.stringify({
    type: 'load',
    request: {
      media: { contentId, contentType: 'application/x-mpegurl', streamType: 'BUFFERED' },
      currentTime: 0,
      autoplay: true,
    },
  });

describe('the stand-in cast protocol', () => {
  it('reads the sender messages it knows', () => {
    expect(parseSenderMessage('{"type":"request-session"}')).toEqual({ type: 'request-session' });
    expect(parseSenderMessage('{"type":"end-session","stop":true}')).toEqual({ type: 'end-session', stop: true });
    expect(parseSenderMessage('{"type":"command","command":"setVolume","volume":0.4}')).toEqual({
      type: 'command',
      command: 'setVolume',
      volume: 0.4,
    });
    expect(parseSenderMessage(load('http://127.0.0.1/hls/a.m3u8'))).toMatchObject({ type: 'load' });
  });

  it('passes on only the fields of a load request it checked', () => {
    const text = JSON.stringify({
      type: 'load',
      request: {
        media: { contentId: 'http://127.0.0.1/a.m3u8', contentType: 'x', streamType: 'BUFFERED', evil: '<script>' },
        currentTime: 0,
        autoplay: true,
        extra: 1,
      },
    });
    expect(parseSenderMessage(text)).toEqual({
      type: 'load',
      request: {
        media: { contentId: 'http://127.0.0.1/a.m3u8', contentType: 'x', streamType: 'BUFFERED' },
        currentTime: 0,
        autoplay: true,
      },
    });
  });

  it('drops what it does not know or cannot trust: bad JSON, other types, volumes out of range, non-http media', () => {
    for (const text of [
      'not json',
      '[]',
      '{"type":"format-disk"}',
      '{"type":"command","command":"setVolume","volume":7}',
      '{"type":"command","command":"setMuted","muted":"yes"}',
      load('javascript:alert(1)'),
      load('file:///etc/passwd'),
    ]) {
      expect(parseSenderMessage(text)).toBeNull();
    }
  });

  it('reads receiver status and load results, and nothing else', () => {
    const status = { playerState: 'PLAYING', idleReason: null, currentTime: 1, volume: 1, muted: false };
    expect(parseReceiverMessage(JSON.stringify({ type: 'status', status }))).toEqual({ type: 'status', status });
    expect(parseReceiverMessage('{"type":"load-result","ok":true}')).toEqual({ type: 'load-result', ok: true });
    expect(
      parseReceiverMessage(JSON.stringify({ type: 'status', status: { ...status, playerState: 'DANCING' } })),
    ).toBeNull();
  });
});
