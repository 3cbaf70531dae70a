import { describe, expect, it } from 'vitest';
import { askSound, reconcileSound, SOUND_HOLD_MS } from './remote-sound.ts';

describe('the viewer’s sound against the receiver’s reports', () => {
  it('takes reports as they are when nothing was asked', () => {
    expect(reconcileSound({ volume: 0.7, muted: false }, null, 0)).toEqual({
      sound: { volume: 0.7, muted: false },
      ask: null,
    });
  });

  it('holds what was asked over a late report that disagrees, until one agrees', () => {
    const ask = askSound(null, { muted: true }, 1000);
    // A report sent before the request: still unmuted.
    const stale = reconcileSound({ volume: 1, muted: false }, ask, 1100);
    expect(stale).toEqual({ sound: { volume: 1, muted: true }, ask });
    // The receiver has it: the hold ends.
    expect(reconcileSound({ volume: 1, muted: true }, ask, 1300)).toEqual({
      sound: { volume: 1, muted: true },
      ask: null,
    });
  });

  it('keeps the newest of each field across asks (Mute, then the slider that unmutes)', () => {
    const muted = askSound(null, { muted: true }, 0);
    const slid = askSound(muted, { volume: 0.4, muted: false }, 50);
    expect(slid).toEqual({ volume: 0.4, muted: false, at: 50 });
    expect(reconcileSound({ volume: 1, muted: true }, slid, 100).sound).toEqual({ volume: 0.4, muted: false });
    // Agreeing within the receiver's coarser volume ends it.
    expect(reconcileSound({ volume: 0.4000000059604645, muted: false }, slid, 150).ask).toBeNull();
  });

  it('gives up holding after SOUND_HOLD_MS: the receiver refused, or its own remote changed it', () => {
    const ask = askSound(null, { volume: 0.2 }, 0);
    expect(reconcileSound({ volume: 0.9, muted: false }, ask, SOUND_HOLD_MS - 1).sound.volume).toBe(0.2);
    expect(reconcileSound({ volume: 0.9, muted: false }, ask, SOUND_HOLD_MS)).toEqual({
      sound: { volume: 0.9, muted: false },
      ask: null,
    });
  });
});
