import type { Player } from '@onair/player';
import { planRequest, type PlayerCall, type PlayerRequest, type RequestPlan } from './requests.ts';

/**
 * The one way into the player for viewers and host pages: plans a request with the shared
 * rules (requests.ts) against the player's state, then makes the calls. It keeps the one fact
 * the rules need that the state does not hold: when the viewer's pause began.
 */
export interface PlayerRequester {
  request(request: PlayerRequest): RequestPlan;
  /** Called after each request that moved playback to the live edge (Go live, a stale resume). */
  onLiveJump(listener: () => void): () => void;
  /**
   * Called after each request that chose a text track (or none), from whichever way in: the
   * captions preferences follow a host page's choice as they follow the menu's (use-captions.ts).
   */
  onTextTrackChosen(listener: (id: string | null) => void): () => void;
  destroy(): void;
}

export function createPlayerRequester(player: Player, now: () => number = () => performance.now()): PlayerRequester {
  let paused = player.getState().paused;
  let pausedAt = now();
  const jumpListeners = new Set<() => void>();
  const textTrackListeners = new Set<(id: string | null) => void>();
  const unsubscribe = player.subscribe(() => {
    const next = player.getState().paused;
    if (next === paused) return;
    paused = next;
    if (paused) pausedAt = now();
  });

  const run = (call: PlayerCall): void => {
    switch (call.call) {
      case 'play':
        void player.play();
        return;
      case 'pause':
        return player.pause();
      case 'setMuted':
        return player.setMuted(call.muted);
      case 'setVolume':
        return player.setVolume(call.volume);
      case 'setQuality':
        return player.setQuality(call.quality);
      case 'setAutoQualityMode':
        return player.setAutoQualityMode(true);
      case 'setAudioTrack':
        return player.setAudioTrack(call.id);
      case 'setTextTrack':
        return player.setTextTrack(call.id);
      case 'seekTo':
        return player.seekTo(call.position);
      case 'seekToLive':
        return player.seekToLive();
      case 'setAudioOnly':
        return player.setAudioOnly(call.enabled);
    }
  };

  return {
    request(request) {
      const state = player.getState();
      const plan = planRequest(request, {
        paused: state.paused,
        muted: state.muted,
        volume: state.volume,
        qualities: state.qualities,
        audioTracks: state.audioTracks.map((track) => track.id),
        textTracks: state.textTracks.map((track) => track.id),
        live: state.loaded,
        pausedForMs: state.paused ? now() - pausedAt : 0,
        audioOnly: state.audioOnly,
      });
      if (!plan.ok) return plan;
      for (const call of plan.calls) run(call);
      if (plan.calls.some((call) => call.call === 'seekToLive')) for (const listener of jumpListeners) listener();
      for (const call of plan.calls) {
        if (call.call === 'setTextTrack') for (const listener of textTrackListeners) listener(call.id);
      }
      return plan;
    },
    onLiveJump(listener) {
      jumpListeners.add(listener);
      return () => jumpListeners.delete(listener);
    },
    onTextTrackChosen(listener) {
      textTrackListeners.add(listener);
      return () => textTrackListeners.delete(listener);
    },
    destroy() {
      unsubscribe();
      jumpListeners.clear();
      textTrackListeners.clear();
    },
  };
}
