import { describe, expect, it, vi } from 'vitest';
import type { CastEvent } from './cast-session.ts';

/** A Cast framework whose context's session events the test fires (no Chromecast exists here). */
const context = {
  listeners: new Map<string, Set<(event: { sessionState?: string; castState?: string }) => void>>(),
  ended: [] as boolean[],
  setOptions: vi.fn(),
  getCastState: () => 'NOT_CONNECTED',
  requestSession: () => Promise.resolve(),
  getCurrentSession: () => null,
  endCurrentSession(stop: boolean) {
    this.ended.push(stop);
  },
  addEventListener(type: string, listener: (event: { sessionState?: string }) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  },
  removeEventListener(type: string, listener: (event: never) => void) {
    this.listeners.get(type)?.delete(listener as never);
  },
  fire(sessionState: string) {
    for (const listener of [...(this.listeners.get('sessionstatechanged') ?? [])]) listener({ sessionState });
  },
};

vi.mock('./cast-sdk.ts', () => {
  class RemotePlayer {
    isConnected = false;
    playerState = null;
    volumeLevel = 1;
    isMuted = false;
    isPaused = false;
    currentTime = 0;
  }
  class RemotePlayerController {
    addEventListener() {}
    removeEventListener() {}
  }
  return {
    loadCastSdk: async () => ({
      framework: {
        CastContext: { getInstance: () => context },
        CastContextEventType: { CAST_STATE_CHANGED: 'caststatechanged', SESSION_STATE_CHANGED: 'sessionstatechanged' },
        SessionState: {
          SESSION_STARTED: 'SESSION_STARTED',
          SESSION_RESUMED: 'SESSION_RESUMED',
          SESSION_START_FAILED: 'SESSION_START_FAILED',
          SESSION_ENDED: 'SESSION_ENDED',
        },
        CastState: { NO_DEVICES_AVAILABLE: 'NO_DEVICES_AVAILABLE' },
        RemotePlayer,
        RemotePlayerController,
        RemotePlayerEventType: { ANY_CHANGE: 'anyChanged' },
      },
      media: { DEFAULT_MEDIA_RECEIVER_APP_ID: 'CC1AD845' },
      AutoJoinPolicy: { ORIGIN_SCOPED: 'origin_scoped' },
    }),
  };
});

const { CastRemote } = await import('./cast-remote.ts');

async function remote() {
  context.listeners.clear();
  context.ended = [];
  const events: CastEvent[] = [];
  const made = await CastRemote.load('/cast/sender.js', {
    timers: { setTimeout, clearTimeout },
    onEvent: (event) => events.push(event),
    onReceiver: vi.fn(),
    onPlayback: vi.fn(),
  });
  return { made, events };
}

describe('CastRemote.destroy', () => {
  it('stops listening: later session events reach nobody', async () => {
    const { made, events } = await remote();
    made.destroy();
    context.fire('SESSION_STARTED');
    expect(events.filter((e) => e.type !== 'availability')).toEqual([]);
    expect(context.ended).toEqual([]);
  });

  it('ends a session that was still opening once it starts, then stops listening', async () => {
    const { made } = await remote();
    made.destroy({ endPendingSession: true });
    context.fire('SESSION_STARTED');
    expect(context.ended).toEqual([true]);
    context.fire('SESSION_STARTED');
    expect(context.ended).toEqual([true]);
    expect(context.listeners.get('sessionstatechanged')?.size).toBe(0);
  });

  it('leaves nothing behind when the opening session fails', async () => {
    const { made } = await remote();
    made.destroy({ endPendingSession: true });
    context.fire('SESSION_START_FAILED');
    context.fire('SESSION_STARTED');
    expect(context.ended).toEqual([]);
  });
});
