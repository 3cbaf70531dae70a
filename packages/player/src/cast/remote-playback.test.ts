import { describe, expect, it, vi } from 'vitest';
import type { CastEvent } from './cast-session.ts';
import { RemotePlaybackPath, type RemotePlaybackLike } from './remote-playback.ts';

/** A `video.remote` whose device picker and events the test drives (no Remote Playback device exists here). */
function fakeRemote(options: { watch?: 'ok' | 'unsupported'; prompt?: () => Promise<void> } = {}) {
  const listeners = new Map<string, () => void>();
  let availability: ((available: boolean) => void) | null = null;
  const remote: RemotePlaybackLike & { state: string } = {
    state: 'disconnected',
    watchAvailability: (callback) => {
      availability = callback;
      return options.watch === 'unsupported'
        ? Promise.reject(new DOMException('not here', 'NotSupportedError'))
        : Promise.resolve(1);
    },
    cancelWatchAvailability: vi.fn(() => Promise.resolve()),
    prompt: options.prompt ?? (() => Promise.resolve()),
    addEventListener: (type, listener) => void listeners.set(type, listener),
    removeEventListener: (type) => void listeners.delete(type),
  };
  return {
    video: { remote } as unknown as HTMLVideoElement,
    available: (value: boolean) => availability?.(value),
    fire: (type: string) => listeners.get(type)?.(),
    remote,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the Remote Playback API path', () => {
  it('is absent where the browser has no video.remote', () => {
    expect(RemotePlaybackPath.start({} as HTMLVideoElement, vi.fn())).toBeNull();
  });

  it('passes availability, connect and disconnect to the state machine', () => {
    const device = fakeRemote();
    const events: CastEvent[] = [];
    RemotePlaybackPath.start(device.video, (event) => events.push(event));
    device.available(true);
    device.fire('connect');
    device.fire('disconnect');
    expect(events).toEqual([
      { type: 'availability', available: true },
      { type: 'session-started' },
      { type: 'session-ended', reason: 'stopped' },
    ]);
  });

  it('says unavailable where availability cannot be watched', async () => {
    const events: CastEvent[] = [];
    RemotePlaybackPath.start(fakeRemote({ watch: 'unsupported' }).video, (event) => events.push(event));
    await settle();
    expect(events).toEqual([{ type: 'availability', available: false }]);
  });

  it('changes nothing when the viewer closes the picker while connected (it is how one disconnects)', async () => {
    const events: CastEvent[] = [];
    const device = fakeRemote({ prompt: () => Promise.reject(new DOMException('closed', 'NotAllowedError')) });
    (device.remote as { state: string }).state = 'connected';
    RemotePlaybackPath.start(device.video, (event) => events.push(event))!.requestSession();
    await settle();
    expect(events).toEqual([]);
  });

  it('maps the picker’s refusals: closed is a cancel, no device is receiver unavailable, the rest a failure', async () => {
    for (const [name, code] of [
      ['NotAllowedError', 'cancel'],
      ['NotFoundError', 'receiver_unavailable'],
      ['InvalidStateError', undefined],
    ] as const) {
      const events: CastEvent[] = [];
      const device = fakeRemote({ prompt: () => Promise.reject(new DOMException('no', name)) });
      RemotePlaybackPath.start(device.video, (event) => events.push(event))!.requestSession();
      await settle();
      expect(events).toEqual([{ type: 'failed', code }]);
    }
  });
});
