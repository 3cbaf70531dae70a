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
    ['a later version', { ...command({ command: 'play' }), onair: 2 }],
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

  it('keeps only the command’s own fields', () => {
    expect(parseCommand(command({ command: 'setMuted', muted: true, html: '<img onerror=x>' }))).toEqual(
      command({ command: 'setMuted', muted: true }),
    );
  });

  it('answers any value with a command or null, never a throw', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = parseCommand(value);
        return parsed === null || parsed.onair === 1;
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
