import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embedAccepts, framingOrigin, parseCommand } from './protocol.ts';

const command = (fields: Record<string, unknown>) => ({ onair: 1, type: 'command', id: 'c1', ...fields });

describe('parseCommand', () => {
  it.each([
    [{ command: 'play' }],
    [{ command: 'pause' }],
    [{ command: 'goLive' }],
    [{ command: 'getStats' }],
    [{ command: 'setMuted', muted: false }],
    [{ command: 'setVolume', volume: 0 }],
    [{ command: 'setVolume', volume: 1 }],
    [{ command: 'setQuality', quality: '720p' }],
  ])('takes %j', (fields) => {
    expect(parseCommand(command(fields))).toEqual(command(fields));
  });

  it.each([
    ['another protocol', { type: 'command', id: 'c1', command: 'play' }],
    ['a later version', { ...command({ command: 'play' }), onair: 3 }],
    ['a version-2 command in a version-1 envelope', command({ command: 'getState' })],
    ['captions named by something not a string', { ...command({ command: 'setCaptions', track: 3 }), onair: 2 }],
    ['captions with no track field', { ...command({ command: 'setCaptions' }), onair: 2 }],
    ['consent with no category', { ...command({ command: 'setConsent', consent: {} }), onair: 2 }],
    ['audio-only that is not a boolean', { ...command({ command: 'setAudioOnly', audioOnly: 'true' }), onair: 2 }],
    ['audio-only in version 1', command({ command: 'setAudioOnly', audioOnly: true })],
    ['consent that is not a boolean', { ...command({ command: 'setConsent', consent: { targeting: 1 } }), onair: 2 }],
    ['an event, not a command', { onair: 1, type: 'event', event: 'play' }],
    ['no id', { onair: 1, type: 'command', command: 'play' }],
    ['an id too long', command({ id: 'x'.repeat(65), command: 'play' })],
    ['an unknown command', command({ command: 'eval' })],
    ['muted that is not a boolean', command({ command: 'setMuted', muted: 'false' })],
    ['a volume above 1', command({ command: 'setVolume', volume: 1.5 })],
    ['a volume that is NaN', command({ command: 'setVolume', volume: Number.NaN })],
    ['an empty quality', command({ command: 'setQuality', quality: '' })],
    ['an array', [command({ command: 'play' })]],
  ])('refuses %s', (_, data) => {
    expect(parseCommand(data)).toBeNull();
  });

  it.each([
    [{ command: 'play' }],
    [{ command: 'hello' }],
    [{ command: 'getState' }],
    [{ command: 'setCaptions', track: 'cc1' }],
    [{ command: 'setCaptions', track: null }],
    [{ command: 'setConsent', consent: { targeting: true } }],
    [{ command: 'setAudioOnly', audioOnly: false }],
    [{ command: 'setConsent', consent: { functional: false, performance: true, targeting: false } }],
  ])('takes %j in version 2', (fields) => {
    expect(parseCommand({ ...command(fields), onair: 2 })).toEqual({ ...command(fields), onair: 2 });
  });

  it('keeps only the consent categories', () => {
    const sent = { ...command({ command: 'setConsent', consent: { targeting: true, cookie: 'x=1' } }), onair: 2 };
    expect(parseCommand(sent)).toEqual({
      ...command({ command: 'setConsent', consent: { targeting: true } }),
      onair: 2,
    });
  });

  it('keeps only the command’s own fields', () => {
    expect(parseCommand(command({ command: 'setMuted', muted: true, html: '<img onerror=x>' }))).toEqual(
      command({ command: 'setMuted', muted: true }),
    );
  });

  it('answers any value with a command or null, never a throw', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = parseCommand(value);
        return parsed === null || parsed.onair === 1 || parsed.onair === 2;
      }),
      { numRuns: 1000 },
    );
  });
});

describe('framingOrigin', () => {
  it('is the nearest ancestor’s origin, else the referrer’s', () => {
    expect(framingOrigin(['http://localhost:9000', 'https://top.example'], '')).toBe('http://localhost:9000');
    expect(framingOrigin(undefined, 'https://blog.example/post?id=1')).toBe('https://blog.example');
  });

  it('is unknown for an opaque ancestor or no referrer', () => {
    expect(framingOrigin(['null'], 'https://blog.example/')).toBeNull();
    expect(framingOrigin(undefined, '')).toBeNull();
    expect(framingOrigin([], 'about:blank')).toBeNull();
  });
});

describe('embedAccepts', () => {
  const framedBy = 'https://blog.example';
  it('takes messages from the framing window at the framing origin only', () => {
    expect(embedAccepts({ origin: framedBy, fromParent: true }, framedBy)).toBe(true);
    expect(embedAccepts({ origin: 'https://evil.example', fromParent: true }, framedBy)).toBe(false);
    expect(embedAccepts({ origin: framedBy, fromParent: false }, framedBy)).toBe(false);
    expect(embedAccepts({ origin: framedBy, fromParent: true }, null)).toBe(false);
  });
});
