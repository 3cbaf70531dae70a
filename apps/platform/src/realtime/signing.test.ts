/**
 * Signing against vectors we did not compute with this module: the worked examples of the
 * protocol's public documentation (key 278d425bdf160c739803, secret 7ad3773142a6692b25b8), and
 * the official `pusher` server SDK, whose signatures our verifier must accept.
 */

import PusherServer from 'pusher';
import { describe, expect, it } from 'vitest';
import { verifySignedRequest } from './events-api-auth.ts';
import { apiSignature, apiStringToSign, channelAuth, constantTimeEqual, md5Hex, verifyChannelAuth } from './signing.ts';

const DOCS = { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };

describe('channel authorisation', () => {
  it('matches the documented private-channel example', () => {
    expect(channelAuth(DOCS, '1234.1234', 'private-foobar')).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
  });

  it('matches what the official server SDK signs', () => {
    const sdk = new PusherServer({ appId: '1', ...DOCS, host: 'example.invalid' });
    for (const [socketId, channel] of [
      ['1.1', 'private-lstm_9001'],
      ['123456.789012', 'private-room.42'],
    ] as const) {
      expect(channelAuth(DOCS, socketId, channel)).toBe(sdk.authorizeChannel(socketId, channel).auth);
    }
    const presence = JSON.stringify({ user_id: 'u1' });
    expect(channelAuth(DOCS, '1.2', 'presence-room', presence)).toBe(
      sdk.authorizeChannel('1.2', 'presence-room', { user_id: 'u1' }).auth,
    );
  });

  it('verifies a good auth and explains a bad one', () => {
    const good = channelAuth(DOCS, '1.1', 'private-a');
    expect(verifyChannelAuth(DOCS, '1.1', 'private-a', good)).toEqual({ ok: true });
    expect(verifyChannelAuth(DOCS, '1.2', 'private-a', good)).toMatchObject({
      ok: false,
      message: /Invalid signature/,
    });
    expect(verifyChannelAuth(DOCS, '1.1', 'private-b', good)).toMatchObject({ ok: false });
    expect(verifyChannelAuth(DOCS, '1.1', 'private-a', undefined)).toMatchObject({ message: /Auth info required/ });
    expect(verifyChannelAuth(DOCS, '1.1', 'private-a', 'no-colon')).toMatchObject({ message: /key:signature/ });
    expect(verifyChannelAuth(DOCS, '1.1', 'private-a', `other:${good.split(':')[1]}`)).toMatchObject({
      message: /Invalid key/,
    });
  });
});

describe('HTTP API signatures', () => {
  const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';
  const query = {
    auth_key: DOCS.key,
    auth_timestamp: '1353088179',
    auth_version: '1.0',
    body_md5: 'ec365a775a4cd0599faeb73354201b6f',
  };

  it('matches the documented events example', () => {
    expect(md5Hex(body)).toBe(query.body_md5);
    expect(apiStringToSign('POST', '/apps/3/events', query)).toBe(
      'POST\n/apps/3/events\nauth_key=278d425bdf160c739803&auth_timestamp=1353088179&auth_version=1.0&body_md5=ec365a775a4cd0599faeb73354201b6f',
    );
    expect(apiSignature(DOCS.secret, 'POST', '/apps/3/events', query)).toBe(
      'da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c',
    );
  });

  it('ignores auth_signature and key case when building the text to sign', () => {
    expect(apiStringToSign('post', '/p', { B: '2', a: '1', auth_signature: 'x' })).toBe('POST\n/p\na=1&b=2');
  });

  it('accepts a request signed by the official SDK and refuses it once tampered with', () => {
    const sdk = new PusherServer({ appId: '3', ...DOCS, host: 'example.invalid' });
    const signedQuery = sdk.createSignedQueryString({ method: 'POST', path: '/apps/3/events', body });
    const parsed = Object.fromEntries(new URLSearchParams(signedQuery));
    const policy = { ...DOCS, nowMs: Date.now(), maxSkewS: 600 };
    const request = { method: 'POST', path: '/apps/3/events', query: parsed, rawBody: body };
    expect(verifySignedRequest(request, policy)).toEqual({ ok: true });
    expect(verifySignedRequest({ ...request, rawBody: body.replace('foo', 'bar') }, policy)).toMatchObject({
      ok: false,
      message: /body_md5/,
    });
    expect(verifySignedRequest({ ...request, path: '/apps/4/events' }, policy)).toMatchObject({
      message: /Invalid signature/,
    });
    expect(verifySignedRequest(request, { ...policy, secret: 'wrong' })).toMatchObject({ ok: false });
    expect(verifySignedRequest(request, { ...policy, nowMs: Date.now() + 601_000 })).toMatchObject({
      message: /Timestamp expired/,
    });
    expect(verifySignedRequest({ ...request, query: { ...parsed, auth_key: 'other' } }, policy)).toMatchObject({
      message: /auth_key/,
    });
  });

  it('compares in constant time without mistaking prefixes for matches', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
  });
});
