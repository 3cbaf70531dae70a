import {
  PROTOCOL_VERSION,
  parseCommand,
  type CommandMessage,
  type EmbedEvent,
  type EventMessage,
  type Reply,
  type Telemetry,
} from '@onair/embed-sdk/protocol';
import { PlayerState, type Player, type Quality } from '@onair/player';
import type { PlayerRequester } from '../player/player-requester.ts';
import type { PlayerRequest } from '../player/requests.ts';
import { playerEvents, unheardState, type EventSource } from './player-events.ts';
import { RebufferCounter, telemetryOf } from './telemetry.ts';

/** Every second while playing, as the issue asks (latency moves in tenths, a second is plenty). */
export const TELEMETRY_INTERVAL_MS = 1000;

/** What the bridge needs of the page: a narrow harness, so it runs on fake timers in tests. */
export interface BridgeHarness {
  /** Posts to the framing page, addressed to its origin only. */
  post(message: EventMessage | Reply): void;
  /** Messages from the framing page at its origin (the harness drops all others). */
  listen(listener: (data: unknown) => void): () => void;
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

type Attached = { player: Player; requester: PlayerRequester; rebuffers: RebufferCounter };

/**
 * The host-page API, embed side: commands from the framing page go through the same requester
 * as the viewer's controls (so a host's setVolume unmutes as the slider does), and the
 * player's life goes back as events. One bridge per page, across routes: the player screen
 * attaches the player while it lives, the routes say online/offline, so a channel that ends and
 * starts again is told to the host page with no reload.
 */
export class HostBridge {
  #attached: Attached | null = null;
  #live: boolean | null = null;
  readonly #stopListening: () => void;

  constructor(
    private readonly harness: BridgeHarness,
    channel: string,
  ) {
    this.#stopListening = harness.listen((data) => this.#receive(data));
    this.#post({ event: 'ready', channel });
  }

  /** The route's word on the channel: posts online/offline when it changes (and the first time). */
  setLive(live: boolean): void {
    if (live === this.#live) return;
    this.#live = live;
    this.#post({ event: live ? 'online' : 'offline' });
  }

  /** The player screen's player, until the returned detach. */
  attach(player: Player, requester: PlayerRequester): () => void {
    // A player means the channel is live: said before the player's own events, whichever of
    // the screen and its route reaches the bridge first.
    this.setLive(true);
    const rebuffers = new RebufferCounter();
    const attached: Attached = { player, requester, rebuffers };
    this.#attached = attached;
    // The host page starts from what it is told now: the sound and the rendition as they are
    // (an embed started muted by the autoplay policy is muted before anyone listens), then the
    // player's playback as changes from nothing played.
    const start = player.getState();
    this.#post({ event: 'volume', volume: start.volume, muted: start.muted });
    if (start.quality) this.#post({ event: 'quality', quality: start.quality.name, auto: start.autoQualityMode });
    let previous: EventSource = unheardState(start);
    // One request can change volume and mute in two steps (setVolume unmutes): the host page
    // hears the result once, at the end of the task.
    let soundPending = false;
    let soundHeard = { volume: start.volume, muted: start.muted };
    const postSound = () => {
      soundPending = false;
      if (this.#attached !== attached) return;
      const { volume, muted } = player.getState();
      if (volume === soundHeard.volume && muted === soundHeard.muted) return;
      soundHeard = { volume, muted };
      this.#post({ event: 'volume', volume, muted });
    };
    const onState = () => {
      const state = player.getState();
      rebuffers.observe(state.state, this.harness.now());
      for (const event of playerEvents(previous, state)) {
        if (event.event !== 'volume') this.#post(event);
        else if (!soundPending) {
          soundPending = true;
          queueMicrotask(postSound);
        }
      }
      previous = state;
    };
    const onQuality = (quality: Quality) =>
      this.#post({ event: 'quality', quality: quality.name, auto: player.getState().autoQualityMode });
    const onBlocked = () => this.#post({ event: 'playback-blocked' });
    const unsubscribe = player.subscribe(onState);
    player.on('quality-changed', onQuality);
    player.on('playback-blocked', onBlocked);
    onState();
    const timer = this.harness.setInterval(() => {
      const state = player.getState();
      if (state.state !== PlayerState.Playing) return;
      this.#post({ event: 'telemetry', ...telemetryOf(state, rebuffers, this.harness.now()) });
    }, TELEMETRY_INTERVAL_MS);
    return () => {
      unsubscribe();
      player.off('quality-changed', onQuality);
      player.off('playback-blocked', onBlocked);
      this.harness.clearInterval(timer);
      if (this.#attached === attached) this.#attached = null;
    };
  }

  destroy(): void {
    this.#stopListening();
    this.#attached = null;
  }

  #post(event: EmbedEvent): void {
    this.harness.post({ onair: PROTOCOL_VERSION, type: 'event', ...event } as EventMessage);
  }

  #reply(id: string, answer: { ok: true; value?: Telemetry } | { ok: false; reason: RefusalReason }): void {
    this.harness.post({ onair: PROTOCOL_VERSION, type: 'reply', id, ...answer } as Reply);
  }

  #receive(data: unknown): void {
    const command = parseCommand(data);
    if (!command) return;
    const attached = this.#attached;
    if (!attached) return this.#reply(command.id, { ok: false, reason: 'not-playing' });
    if (command.command === 'getStats') {
      const state = attached.player.getState();
      return this.#reply(command.id, { ok: true, value: telemetryOf(state, attached.rebuffers, this.harness.now()) });
    }
    const plan = attached.requester.request(requestFor(command));
    // The host API has no audio- or text-track command yet: their refusals cannot come from a host's request.
    const reason = plan.ok
      ? null
      : plan.reason === 'unknown-audio-track' || plan.reason === 'unknown-text-track'
        ? 'refused'
        : plan.reason;
    this.#reply(command.id, reason === null ? { ok: true } : { ok: false, reason });
  }
}

type RefusalReason = Extract<Reply, { ok: false }>['reason'];

/** A host command as the request a viewer's control would make. */
function requestFor(command: Exclude<CommandMessage, { command: 'getStats' }>): PlayerRequest {
  switch (command.command) {
    case 'play':
      return { type: 'play' };
    case 'pause':
      return { type: 'pause' };
    case 'setMuted':
      return { type: 'set-muted', muted: command.muted };
    case 'setVolume':
      return { type: 'set-volume', volume: command.volume };
    case 'setQuality':
      return { type: 'set-quality', quality: command.quality };
    case 'goLive':
      return { type: 'go-live' };
  }
}
