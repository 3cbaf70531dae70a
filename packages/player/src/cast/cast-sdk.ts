import type { Timers } from '../types/environment.ts';
import { FinalLoadError, loadWithRetries } from './script-retry.ts';

/** The part of the Cast sender framework the player uses (Google's, or the platform's stand-in). */
export interface CastFramework {
  framework: {
    CastContext: { getInstance(): CastContextApi };
    CastContextEventType: { CAST_STATE_CHANGED: string; SESSION_STATE_CHANGED: string };
    SessionState: Record<string, string>;
    CastState: Record<string, string>;
    RemotePlayer: new () => RemotePlayerApi;
    RemotePlayerController: new (player: RemotePlayerApi) => RemotePlayerControllerApi;
    RemotePlayerEventType: { ANY_CHANGE: string };
  };
  media: {
    MediaInfo: new (contentId: string, contentType: string) => { streamType: string; customData: unknown };
    LoadRequest: new (media: unknown) => { currentTime: number; autoplay: boolean };
    DEFAULT_MEDIA_RECEIVER_APP_ID: string;
  };
  AutoJoinPolicy: { ORIGIN_SCOPED: string };
}

export interface CastContextApi {
  setOptions(options: Record<string, unknown>): void;
  getCastState(): string;
  requestSession(): Promise<unknown>;
  getCurrentSession(): CastSessionApi | null;
  endCurrentSession(stopCasting: boolean): void;
  addEventListener(
    type: string,
    listener: (event: { sessionState?: string; castState?: string; errorCode?: string }) => void,
  ): void;
  removeEventListener(type: string, listener: (event: never) => void): void;
}

export interface CastSessionApi {
  loadMedia(request: unknown): Promise<unknown>;
  setMute(muted: boolean): Promise<unknown>;
  setVolume(volume: number): Promise<unknown>;
  getCastDevice(): { friendlyName: string };
}

export interface RemotePlayerApi {
  isConnected: boolean;
  playerState: string | null;
  idleReason?: string | null;
  currentTime: number;
  volumeLevel: number;
  isMuted: boolean;
  isPaused: boolean;
}

export interface RemotePlayerControllerApi {
  playOrPause(): void;
  muteOrUnmute(): void;
  setVolumeLevel(): void;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

type CastWindow = Window & {
  __onGCastApiAvailable?: (available: boolean) => void;
  cast?: { framework?: CastFramework['framework'] };
  chrome?: { cast?: Omit<CastFramework, 'framework'> };
};

/** How long a loaded script may take to say the API is up before the attempt counts as failed. */
export const SDK_READY_TIMEOUT_MS = 5000;

const loads = new WeakMap<object, Promise<CastFramework>>();

function frameworkOf(win: CastWindow): CastFramework | null {
  const framework = win.cast?.framework;
  const chromeCast = win.chrome?.cast;
  return framework && chromeCast ? { ...chromeCast, framework } : null;
}

/**
 * Loads the Cast sender framework from `url` (SPEC §9: 5 attempts, 100 ms backoff doubling,
 * capped at 3000 ms; then 'Error loading chromecast SDK'), once per page: a framework already
 * there, or a load under way, is shared by every player. An attempt loads the script and waits
 * for the framework's `__onGCastApiAvailable(true)` (the page's own callback, if it set one,
 * still hears it); a script that fails to load or says nothing within SDK_READY_TIMEOUT_MS is
 * removed and tried again. One that says the API is unavailable (a browser without Cast) ends
 * the load at once with a FinalLoadError.
 */
export function loadCastSdk(
  url: string,
  timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>,
  win: CastWindow = window as CastWindow,
): Promise<CastFramework> {
  const ready = frameworkOf(win);
  if (ready) return Promise.resolve(ready);
  const pending = loads.get(win);
  if (pending) return pending;
  const pageCallback = win.__onGCastApiAvailable;
  const load = loadWithRetries(
    () =>
      new Promise<void>((resolve, reject) => {
        const script = win.document.createElement('script');
        let wait: unknown = null;
        let settled = false;
        const settle = () => {
          settled = true;
          if (wait !== null) timers.clearTimeout(wait);
        };
        const fail = (error: Error) => {
          if (settled) return;
          settle();
          script.remove();
          reject(error);
        };
        win.__onGCastApiAvailable = (available) => {
          pageCallback?.(available);
          // The framework loaded and says this browser cannot cast (no Chrome): loading it
          // again would say the same.
          if (!available) return fail(new FinalLoadError('the Cast API is not available in this browser'));
          if (!settled) settle();
          resolve();
        };
        script.onload = () => {
          if (!settled)
            wait = timers.setTimeout(() => fail(new Error('the Cast API did not start')), SDK_READY_TIMEOUT_MS);
        };
        script.onerror = () => fail(new Error(`the Cast SDK did not load from ${url}`));
        script.async = true;
        script.src = url;
        win.document.head.append(script);
      }),
    timers,
  ).then(() => {
    const framework = frameworkOf(win);
    if (!framework) throw new Error('the Cast SDK loaded without its framework');
    return framework;
  });
  // A failed load may be tried again by a later player; a browser without Cast stays so.
  load.catch((error: unknown) => {
    if (!(error instanceof FinalLoadError)) loads.delete(win);
  });
  loads.set(win, load);
  return load;
}
