import type { Player, PlayerError } from '@onair/player';
import { useEffect } from 'react';
import type { PlayerRequester } from '../player/player-requester.ts';
import type { HostApi } from './host-window.ts';

/**
 * The host-page API's place in the app. Only a framed embed has a host page to talk to, so
 * only there is its code (host-bridge.ts, host-window.ts) loaded, after the app has started:
 * the first frame never waits for it. One bridge per page, kept across routes.
 */
let bridge: Promise<HostApi | null> | null = null;

export function startHostApi(): Promise<HostApi | null> {
  if (typeof window === 'undefined' || window.parent === window) return Promise.resolve(null);
  if (!bridge) {
    // Now, before a route replaces it (an offline channel's): player.js matches its frame by it.
    const src = window.location.href;
    bridge = import('./host-window.ts').then(({ startWindowBridge }) => startWindowBridge(window, src));
  }
  return bridge;
}

/** The player screen's player, told to the host page while the screen lives. */
export function useHostApiPlayer(player: Player | null, requester: PlayerRequester | null): void {
  useEffect(() => {
    if (!player || !requester) return;
    let detach: (() => void) | null = null;
    let active = true;
    void startHostApi().then((started) => {
      if (active && started) detach = started.attach(player, requester);
    });
    return () => {
      active = false;
      detach?.();
    };
  }, [player, requester]);
}

/** The live stream's title and categories, told to the host page at each change. */
export function useHostApiStreamInfo(title: string, categories: readonly string[]): void {
  const key = JSON.stringify(categories);
  useEffect(() => {
    void startHostApi().then((started) => started?.setStreamInfo(title, JSON.parse(key) as string[]));
  }, [title, key]);
}

/** The route's word on the channel: live (the player) or offline (the offline screen). */
export function useHostApiLive(live: boolean): void {
  useEffect(() => {
    void startHostApi().then((started) => started?.setLive(live));
  }, [live]);
}

/** The error the viewer's screen shows, told to the host page (a stream gone waits for it). */
export function useHostApiErrorShown(error: PlayerError | null): void {
  useEffect(() => {
    if (error) void startHostApi().then((started) => started?.errorShown(error));
  }, [error]);
}

/** A route screen with no player to come (an error screen): the host page is told ready. */
export function useHostApiSettled(): void {
  useEffect(() => {
    void startHostApi().then((started) => started?.settled());
  }, []);
}
