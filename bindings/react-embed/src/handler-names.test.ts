import { EVENT_NAMES } from '@onair/embed-sdk';
import { describe, expect, it } from 'vitest';
import { handlerName } from './handler-names.ts';

describe('handlerName', () => {
  it('names each SDK event as React names a handler', () => {
    expect(handlerName('ready')).toBe('onReady');
    expect(handlerName('playback-blocked')).toBe('onPlaybackBlocked');
    expect(handlerName('stream-updated')).toBe('onStreamUpdated');
  });

  it('gives every event its own prop', () => {
    const names = EVENT_NAMES.map(handlerName);
    expect(new Set(names).size).toBe(EVENT_NAMES.length);
    for (const name of names) expect(name).toMatch(/^on[A-Z][A-Za-z]+$/);
  });
});
