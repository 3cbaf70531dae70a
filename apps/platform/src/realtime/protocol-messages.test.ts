import { describe, expect, it } from 'vitest';
import { channelKind, isValidChannelName } from './channel-registry.ts';
import {
  appEvent,
  connectionEstablished,
  encodeServerMessage,
  parseClientMessage,
  protocolError,
  subscriptionError,
} from './protocol-messages.ts';

describe('parseClientMessage', () => {
  it('reads subscribe with data as an object (pusher-js) or as a JSON string', () => {
    const expected = { type: 'subscribe', channel: 'private-a', auth: 'k:s', channelData: undefined };
    expect(
      parseClientMessage(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-a', auth: 'k:s' } })),
    ).toEqual(expected);
    expect(
      parseClientMessage(
        JSON.stringify({ event: 'pusher:subscribe', data: JSON.stringify({ channel: 'private-a', auth: 'k:s' }) }),
      ),
    ).toEqual(expected);
  });

  it('reads ping, pong, unsubscribe and client events', () => {
    expect(parseClientMessage('{"event":"pusher:ping","data":{}}')).toEqual({ type: 'ping' });
    expect(parseClientMessage('{"event":"pusher:pong","data":{}}')).toEqual({ type: 'pong' });
    expect(parseClientMessage('{"event":"pusher:unsubscribe","data":{"channel":"a"}}')).toEqual({
      type: 'unsubscribe',
      channel: 'a',
    });
    expect(parseClientMessage('{"event":"client-x","channel":"private-a","data":{}}')).toEqual({
      type: 'client-event',
      event: 'client-x',
      channel: 'private-a',
    });
  });

  it('tells malformed from unsupported', () => {
    expect(parseClientMessage('not json')).toMatchObject({ type: 'invalid' });
    expect(parseClientMessage('[1]')).toMatchObject({ type: 'invalid' });
    expect(parseClientMessage('{"event":"pusher:subscribe","data":{}}')).toMatchObject({ type: 'invalid' });
    expect(parseClientMessage('{"event":"pusher:signin","data":{}}')).toEqual({
      type: 'unsupported',
      event: 'pusher:signin',
    });
  });
});

describe('encodeServerMessage', () => {
  it('sends handshake and event data as strings, errors as objects', () => {
    expect(JSON.parse(encodeServerMessage(connectionEstablished('1.2', 120)))).toEqual({
      event: 'pusher:connection_established',
      data: '{"socket_id":"1.2","activity_timeout":120}',
    });
    expect(JSON.parse(encodeServerMessage(appEvent('c', 'E', '{"a":1}')))).toEqual({
      event: 'E',
      channel: 'c',
      data: '{"a":1}',
    });
    expect(JSON.parse(encodeServerMessage(protocolError(4009, 'no')))).toEqual({
      event: 'pusher:error',
      data: { code: 4009, message: 'no' },
    });
    expect(JSON.parse(encodeServerMessage(subscriptionError('private-a', 'no', 401)))).toEqual({
      event: 'pusher:subscription_error',
      channel: 'private-a',
      data: '{"type":"AuthError","error":"no","status":401}',
    });
  });
});

describe('channel names', () => {
  it('accepts the protocol alphabet up to 200 characters', () => {
    expect(isValidChannelName('channel.101')).toBe(true);
    expect(isValidChannelName('private-lstm_9001')).toBe(true);
    expect(isValidChannelName('a-_=@,.;')).toBe(true);
    expect(isValidChannelName('x'.repeat(200))).toBe(true);
    expect(isValidChannelName('x'.repeat(201))).toBe(false);
    expect(isValidChannelName('')).toBe(false);
    expect(isValidChannelName('has space')).toBe(false);
    expect(isValidChannelName('#server-to-user-1')).toBe(false);
  });

  it('classifies by prefix', () => {
    expect(channelKind('private-encrypted-a')).toBe('private');
    expect(channelKind('presence-a')).toBe('presence');
    expect(channelKind('channel.1')).toBe('public');
  });
});
