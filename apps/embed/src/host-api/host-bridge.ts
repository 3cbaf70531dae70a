import {
  parseCommand,
  V2_EVENTS,
  type CommandMessage,
  type CommandV1,
  type ConsentChoice,
  type EmbedEvent,
  type EventMessage,
  type ProtocolVersion,
  type RefusalReason,
  type Reply,
  type ReplyValue,
} from '@onair/embed-sdk/protocol';
import { PlayerState, type Player, type PlayerError, type Quality, type TextMetadataCue } from '@onair/player';
import type { PlayerRequester } from '../player/player-requester.ts';
import type { PlayerRequest } from '../player/requests.ts';
import { heardError, playerEvents, unheardState, type EventSource } from './player-events.ts';
import { captionsOf, snapshotOf } from './player-snapshot.ts';
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
  /** The host page's consent choice, into the embed's consent store (consent.ts). */
  setConsent(choice: ConsentChoice): void;
  /**
   * Moves the frame to `channel`'s route, the sound and play/pause carried in its URL (`playing`
   * null: as the URL said); false where the app cannot navigate (it has not started).
   */
  navigate(channel: string, carry: { muted: boolean; playing: boolean | null }): boolean;
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
  /** Version 1 until the page's first version-2 command (protocol.ts says why). */
  #version: ProtocolVersion = 1;
  /** The sound as last heard, for a snapshot with no player. */
  #sound = { volume: 1, muted: false };
  /** The volume a channel switch carries to the next player (its URL carries mute and play). */
  #carriedVolume: number | null = null;
  #channel: string;
  readonly #stopListening: () => void;

  constructor(
    private readonly harness: BridgeHarness,
    channel: string,
  ) {
    this.#channel = channel;
    this.#stopListening = harness.listen((data) => this.#receive(data));
  }

  /** Events the route said before `ready`, said after it in order; null once ready is said. */
  #held: EmbedEvent[] | null = [];

  /**
   * Says `ready`, once: from now on a player command reaches the route's player, or the route
   * has none to give (offline, an error screen). host-window.ts decides when; before it, the
   * bridge listens (a command is answered as it stands) but says nothing.
   */
  sayReady(): void {
    const held = this.#held;
    if (!held) return;
    this.#held = null;
    this.#post({ event: 'ready', channel: this.#channel });
    for (const event of held) this.#post(event);
  }

  /** The route's word on the channel: posts online/offline when it changes (and the first time). */
  setLive(live: boolean): void {
    if (live === this.#live) return;
    this.#live = live;
    // A stream that starts again is a new stream: its title is not a change.
    if (!live) this.#streamInfo = null;
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
    const carried = this.#carriedVolume;
    this.#carriedVolume = null;
    if (carried !== null && carried !== player.getState().volume) player.setVolume(carried);
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
    let captionsHeard = '';
    let audioOnlyHeard = start.audioOnly;
    const onState = () => {
      const current = player.getState();
      const state = { ...current, error: heardError(current.error, this.#shownError) };
      this.#sound = { volume: state.volume, muted: state.muted };
      rebuffers.observe(state.state, this.harness.now());
      const captions = captionsOf(state);
      const said = JSON.stringify(captions);
      if (said !== captionsHeard && this.#version === 2) {
        captionsHeard = said;
        this.#post({ event: 'captions', ...captions });
      }
      if (state.audioOnly !== audioOnlyHeard) {
        audioOnlyHeard = state.audioOnly;
        this.#post({ event: 'audio-only', audioOnly: state.audioOnly });
      }
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
    // Released by the player as the frame that carries it is shown (player: parts/frame-cues.ts).
    const onMetadata = ({ text, description, owner, startTime }: TextMetadataCue) =>
      this.#post({ event: 'metadata', text, description, owner, startTime });
    const unsubscribe = player.subscribe(onState);
    player.on('quality-changed', onQuality);
    player.on('playback-blocked', onBlocked);
    player.on('text-metadata-cue', onMetadata);
    // A page that says hello later hears the captions then (#receive).
    this.#afterHello = () => {
      captionsHeard = '';
      onState();
    };
    this.#onErrorShown = onState;
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
      player.off('text-metadata-cue', onMetadata);
      this.harness.clearInterval(timer);
      if (this.#attached === attached) {
        this.#attached = null;
        this.#afterHello = null;
        this.#onErrorShown = null;
        this.#shownError = null;
      }
    };
  }

  /** The error the viewer's screen shows (a held one, heardError, is posted now). */
  errorShown(error: PlayerError): void {
    this.#shownError = error;
    this.#onErrorShown?.();
  }

  #shownError: PlayerError | null = null;
  #onErrorShown: (() => void) | null = null;

  destroy(): void {
    this.#stopListening();
    this.#attached = null;
  }

  /** setChannel: the route of `channel`, this player's sound and play/pause carried over. */
  #switchTo(channel: string): { ok: true } | { ok: false; reason: RefusalReason } {
    if (channel === this.#channel) return { ok: true };
    const state = this.#attached?.player.getState() ?? null;
    const carry = { muted: state?.muted ?? this.#sound.muted, playing: state ? !state.paused : null };
    if (!this.harness.navigate(channel, carry)) return { ok: false, reason: 'refused' };
    this.#carriedVolume = state?.volume ?? this.#sound.volume;
    this.#channel = channel;
    // The new channel's route says online or offline, whatever the last one was.
    this.#live = null;
    this.#streamInfo = null;
    return { ok: true };
  }

  /** The live stream's title and categories as last heard; null: none heard for this stream. */
  #streamInfo: string | null = null;

  /**
   * The live stream's title and categories as the viewer's picture has reached them (the
   * realtime news is held until then: player/pdt-gate.ts). The first is what the stream had;
   * each change after it is posted.
   */
  setStreamInfo(title: string, categories: string[]): void {
    const said = JSON.stringify([title, categories]);
    const previous = this.#streamInfo;
    this.#streamInfo = said;
    if (previous !== null && previous !== said) this.#post({ event: 'stream-updated', title, categories });
  }

  /** What the attached player says once the page speaks version 2 (its captions). */
  #afterHello: (() => void) | null = null;

  #post(event: EmbedEvent): void {
    if (this.#held && event.event !== 'ready') {
      this.#held.push(event);
      return;
    }
    // A version-1 page is never sent an event it cannot know.
    if (this.#version === 1 && V2_EVENTS.has(event.event)) return;
    this.harness.post({ onair: this.#version, type: 'event', ...event } as EventMessage);
  }

  #reply(
    command: CommandMessage,
    answer: { ok: true; value?: ReplyValue } | { ok: false; reason: RefusalReason },
  ): void {
    // In the command's own version: a version-1 page's reply is the one it knows.
    this.harness.post({ onair: command.onair, type: 'reply', id: command.id, ...answer } as Reply);
  }

  #receive(data: unknown): void {
    const command = parseCommand(data);
    if (!command) return;
    if (command.onair === 2 && this.#version === 1) {
      this.#version = 2;
      this.#afterHello?.();
    }
    const attached = this.#attached;
    switch (command.command) {
      case 'hello':
        return this.#reply(command, { ok: true });
      case 'getState': {
        const where = { channel: this.#channel, live: this.#live, sound: this.#sound };
        return this.#reply(command, { ok: true, value: snapshotOf(where, attached?.player.getState() ?? null) });
      }
      case 'setConsent':
        // The host page's banner is the viewer's choice, player or none (the offline screen).
        this.harness.setConsent(command.consent);
        return this.#reply(command, { ok: true });
      case 'setChannel':
        return this.#reply(command, this.#switchTo(command.channel));
    }
    if (!attached) return this.#reply(command, { ok: false, reason: 'not-playing' });
    if (command.command === 'getStats') {
      const state = attached.player.getState();
      return this.#reply(command, { ok: true, value: telemetryOf(state, attached.rebuffers, this.harness.now()) });
    }
    const plan = attached.requester.request(requestFor(command));
    // The host API has no audio-track command: that refusal cannot come from a host's request.
    const reason = plan.ok
      ? null
      : plan.reason === 'unknown-audio-track'
        ? 'refused'
        : plan.reason === 'unknown-text-track'
          ? 'unknown-track'
          : plan.reason;
    this.#reply(command, reason === null ? { ok: true } : { ok: false, reason });
  }
}

/** A host command as the request a viewer's control would make. */
function requestFor(
  command:
    | Exclude<CommandV1, { command: 'getStats' }>
    | { command: 'setCaptions'; track: string | null }
    | { command: 'setAudioOnly'; audioOnly: boolean },
): PlayerRequest {
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
    case 'setCaptions':
      return { type: 'set-text-track', id: command.track };
    case 'setAudioOnly':
      return { type: 'set-audio-only', enabled: command.audioOnly };
  }
}
