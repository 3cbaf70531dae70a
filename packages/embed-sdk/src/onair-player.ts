import { OnAirCommandError } from './command-error.ts';
import { frameAttributes, httpOrigin, type FrameOptions } from './embed-frame.ts';
import { browserEnvironment, type FrameHandle, type HostEnvironment } from './host-environment.ts';
import { acceptMessage, type EventName, type InboundMessage } from './inbound.ts';
import { Listeners, type EventOf, type Listener } from './listeners.ts';
import { PendingCalls } from './pending-calls.ts';
import {
  parseCommand,
  PROTOCOL_VERSION,
  type Command,
  type CommandMessage,
  type ConsentChoice,
  type EmbedEvent,
  type PlayerSnapshot,
  type ReplyValue,
  type Telemetry,
} from './protocol.ts';
import { sdkOrigin } from './script-origin.ts';

/** A sent command fails with `timeout` when the embed has not answered within 5 s. */
export const COMMAND_TIMEOUT_MS = 5_000;
/**
 * A command made before the embed is ready waits for it (queued, then sent), at most 20 s from
 * the call: a cold embed on a slow network loads in seconds, one that never says `ready` (a
 * wrong origin, a frame the page removed) fails the call with `not-ready` instead of hanging.
 */
export const READY_TIMEOUT_MS = 20_000;

export interface PlayerOptions extends FrameOptions {
  /**
   * The embed's origin (`https://player.example`). Default: the origin this SDK was loaded
   * from, so a page that includes our hosted script needs none.
   */
  origin?: string;
}

let lastId = 0;

/**
 * The embed on a host page: creates its iframe, sends typed commands and tells its events,
 * over the versioned postMessage protocol (protocol.ts).
 *
 * Origin rule: a message is taken only from this player's frame and the embed's origin, and
 * commands are posted to the embed's origin only (never '*'), so no other frame or page can
 * read them or answer for the embed.
 */
export class OnAirPlayer {
  /** The embed's origin, where commands go and where events must come from. */
  readonly origin: string;
  /** The channel playing: the one it was made with, then the last `setChannel`'s. */
  channel: string;
  /** Resolves with the first `ready` event; rejects if the player is destroyed before it. */
  readonly ready: Promise<EventOf<'ready'>>;

  private readonly env: HostEnvironment;
  private readonly frame: FrameHandle;
  private readonly listeners: Listeners;
  private readonly pending: PendingCalls;
  private readonly stopListening: () => void;
  private queue: CommandMessage[] = [];
  private isReady = false;
  private destroyed = false;
  private settleReady!: { resolve: (event: EventOf<'ready'>) => void; reject: (error: Error) => void };

  constructor(container: HTMLElement | string, options: PlayerOptions, environment?: HostEnvironment) {
    const origin = httpOrigin(options.origin ?? sdkOrigin());
    if (!origin) {
      throw new TypeError('OnAir: pass `origin` (the embed is served from an http(s) origin this page cannot infer)');
    }
    this.origin = origin;
    this.channel = options.channel;
    this.env = environment ?? browserEnvironment();
    this.listeners = new Listeners(this.env.reportError);
    this.pending = new PendingCalls(this.env);
    this.ready = new Promise((resolve, reject) => (this.settleReady = { resolve, reject }));
    // A host that never awaits `ready` must not get an unhandled rejection on destroy().
    this.ready.catch(() => undefined);
    // Listen before the frame exists: the embed cannot say `ready` before we hear it.
    this.stopListening = this.env.listen(this.receive);
    try {
      this.frame = this.env.createFrame(container, frameAttributes(origin, options));
    } catch (error) {
      this.stopListening();
      throw error;
    }
  }

  play(): Promise<void> {
    return this.send({ command: 'play' }).then(nothing);
  }

  pause(): Promise<void> {
    return this.send({ command: 'pause' }).then(nothing);
  }

  setMuted(muted: boolean): Promise<void> {
    return this.send({ command: 'setMuted', muted }).then(nothing);
  }

  /** `volume` from 0 to 1. */
  setVolume(volume: number): Promise<void> {
    return this.send({ command: 'setVolume', volume }).then(nothing);
  }

  /** A rendition's name as the `quality` event tells it (`720p`), or `auto`. */
  setQuality(quality: string): Promise<void> {
    return this.send({ command: 'setQuality', quality }).then(nothing);
  }

  /** Jumps to the live edge. */
  goLive(): Promise<void> {
    return this.send({ command: 'goLive' }).then(nothing);
  }

  getStats(): Promise<Telemetry> {
    return this.send({ command: 'getStats' }).then((value) => {
      if (!value) throw new OnAirCommandError('getStats', 'no-stats');
      return value as Telemetry;
    });
  }

  /** Shows the captions track `track` (an id the `captions` event lists), or none with null. */
  setCaptions(track: string | null): Promise<void> {
    return this.send({ command: 'setCaptions', track }).then(nothing);
  }

  /**
   * The viewer's choice on this page's consent banner (a framed embed shows none): the embed's
   * analytics and monitoring follow it as they follow a choice made on our own site.
   */
  setConsent(consent: ConsentChoice): Promise<void> {
    return this.send({ command: 'setConsent', consent }).then(nothing);
  }

  /**
   * Plays another channel in the same frame, with no reload (sound and play/pause carried
   * over; an offline channel shows its offline screen, and `offline` is heard).
   */
  setChannel(channel: string): Promise<void> {
    return this.send({ command: 'setChannel', channel }).then(() => {
      this.channel = channel;
    });
  }

  /**
   * The sound alone (the stream's audio-only rendition where it has one, else its lowest
   * picture), or with false the picture back; either starts again at the live edge.
   */
  setAudioOnly(audioOnly: boolean): Promise<void> {
    return this.send({ command: 'setAudioOnly', audioOnly }).then(nothing);
  }

  /** The player as it is now, asked of the embed (never a cached guess); every getter reads it. */
  getPlayerState(): Promise<PlayerSnapshot> {
    return this.send({ command: 'getState' }).then((value) => {
      if (!value) throw new OnAirCommandError('getState', 'no-stats');
      return value as PlayerSnapshot;
    });
  }

  getChannel() {
    return this.read('channel');
  }

  getQualities() {
    return this.read('qualities');
  }

  /** The rendition playing (`720p`); null before the first frame. */
  getQuality() {
    return this.read('quality');
  }

  getVolume() {
    return this.read('volume');
  }

  getMuted() {
    return this.read('muted');
  }

  isPaused() {
    return this.read('paused');
  }

  /** Seconds behind the live edge; null before the first frame. */
  getLatency() {
    return this.read('latency');
  }

  /** The captions tracks and the one shown (null: none). */
  getCaptions() {
    return this.read('captions');
  }

  getAudioOnly() {
    return this.read('audioOnly');
  }

  private read<K extends keyof PlayerSnapshot>(key: K): Promise<PlayerSnapshot[K]> {
    return this.getPlayerState().then((state) => state[key]);
  }

  /** Calls `listener` with each `name` event (its payload typed by the name); returns `off`. */
  on<E extends EventName>(name: E, listener: Listener<E>): () => void {
    if (!this.destroyed) this.listeners.add(name, listener);
    return () => this.off(name, listener);
  }

  off<E extends EventName>(name: E, listener: Listener<E>): void {
    this.listeners.remove(name, listener);
  }

  /** Removes the iframe and the message listener; pending and later calls fail with `destroyed`. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.stopListening();
    this.frame.remove();
    this.queue = [];
    this.pending.failAll('destroyed');
    this.listeners.clear();
    this.settleReady.reject(new Error('OnAir: destroyed before the embed was ready'));
  }

  private send(command: Command): Promise<ReplyValue | undefined> {
    const name = command.command;
    if (this.destroyed) return Promise.reject(new OnAirCommandError(name, 'destroyed'));
    // The embed's own parser: what it would ignore fails now, not after a timeout.
    const message = parseCommand({ onair: PROTOCOL_VERSION, type: 'command', id: `onair-${++lastId}`, ...command });
    if (!message) return Promise.reject(new OnAirCommandError(name, 'invalid-argument'));
    const result = this.isReady
      ? this.pending.open(message.id, name, COMMAND_TIMEOUT_MS, 'timeout')
      : this.pending.open(message.id, name, READY_TIMEOUT_MS, 'not-ready');
    if (this.isReady) this.post(message);
    else this.queue.push(message);
    return result;
  }

  private post(message: CommandMessage): void {
    this.frame.contentWindow?.postMessage(message, this.origin);
  }

  private readonly receive = (inbound: InboundMessage): void => {
    const message = acceptMessage(inbound, this.frame?.contentWindow, this.origin);
    if (!message || this.destroyed) return;
    if (message.type === 'reply') {
      this.pending.settle(message);
      return;
    }
    const { onair: _version, type: _type, ...event } = message;
    if (event.event === 'ready') this.becomeReady(event);
    this.listeners.emit(event as EmbedEvent);
  };

  private becomeReady(event: EventOf<'ready'>): void {
    this.settleReady.resolve(event);
    // Before anything else, on every `ready` (an embed that loaded again starts at version 1):
    // its events are version 2 from here on. Its reply settles nothing.
    this.post({ onair: PROTOCOL_VERSION, type: 'command', id: `onair-${++lastId}`, command: 'hello' });
    if (this.isReady) return;
    this.isReady = true;
    const queued = this.queue;
    this.queue = [];
    for (const message of queued) {
      // A queued call that already gave up on `ready` is not sent late.
      if (!this.pending.has(message.id)) continue;
      this.pending.deadline(message.id, COMMAND_TIMEOUT_MS, 'timeout');
      this.post(message);
    }
  }
}

const nothing = (): void => undefined;
