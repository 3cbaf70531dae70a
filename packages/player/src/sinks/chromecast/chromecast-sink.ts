import type { SinkEnvironment } from '../../types/environment.ts';
import type { RemotePlayback } from '../../types/payloads.ts';
import { PlayerState } from '../../types/state.ts';
import type { Sink, SinkControls, SinkFactory, SinkHost } from '../sink.ts';

/**
 * What the chromecast sink needs of casting (cast/cast-proxy.ts provides it): the open session's
 * receiver, and a way to ask for one. Discovery, the framework and the session's state machine
 * stay in cast/; this sink is only where the player's source plays while a session is open.
 */
export interface CastReceiverLink {
  /** A receiver is there to cast to (the Cast button shows). */
  readonly available: boolean;
  /** Asks for a session (the receiver picker); once it opens, the player starts this sink. */
  request(): void;
  /** Plays the source on the open session's receiver, from its live edge. */
  loadRemote(url: string): void;
  play(): void;
  pause(): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
  /** The receiver's playback reaches `listener` until it detaches. */
  attach(listener: (playback: RemotePlayback) => void): void;
  /** The sink is gone: unless another takes its place at once, the session ends with it. */
  detach(listener: (playback: RemotePlayback) => void): void;
}

/**
 * SPEC §9 sink type `chromecast`: the source plays on a cast receiver (SPEC §4 remote session).
 * The local element stays paused with no source (the sink before this one took it away), so it
 * fetches nothing; play, pause, volume and mute are the receiver's (Sink.controls), and the
 * player's state follows the receiver's reports. Qualities and latency are the receiver's
 * business: this sink reports none, and a seek to the live edge loads the source there again.
 */
export class ChromecastSink implements Sink {
  readonly type = 'chromecast' as const;
  readonly controls: SinkControls;
  #url: string | null = null;
  readonly #listener = (playback: RemotePlayback) => this.host.onRemotePlayback?.(playback);

  constructor(
    private readonly host: SinkHost,
    private readonly link: CastReceiverLink,
  ) {
    this.controls = {
      play: () => link.play(),
      pause: () => link.pause(),
      setVolume: (volume) => link.setVolume(volume),
      setMuted: (muted) => link.setMuted(muted),
    };
  }

  load(url: string): void {
    this.#url = url;
    this.host.video.pause();
    this.host.onRemotePlayback?.({ state: PlayerState.Buffering });
    this.link.attach(this.#listener);
    this.link.loadRemote(url);
  }

  reload(): void {
    if (this.#url) this.link.loadRemote(this.#url);
  }

  seekToLiveEdge(): void {
    this.reload();
  }

  setQuality(): void {}
  setLowLatency(): void {}
  setLiveMaxLatency(): void {}
  bandwidthEstimate(): number {
    return 0;
  }
  mediaBitrate(): number {
    return 0;
  }
  playingDateMs(): number | null {
    return null;
  }
  lowLatencyTarget(): number | null {
    return null;
  }
  liveEdgeDistance(): null {
    return null;
  }
  isLive(): boolean {
    return this.#url !== null;
  }

  destroy(): void {
    this.link.detach(this.#listener);
  }
}

/** The chromecast sink's factory, made per player around its cast link (the registry's entry). */
export function chromecastSinkFactory(link: CastReceiverLink): SinkFactory {
  return {
    type: 'chromecast',
    // Not a capability of the browser: a receiver must be there (the Cast button shows).
    supported: () => link.available,
    create: (host: SinkHost, _env: SinkEnvironment) => new ChromecastSink(host, link),
    connect: () => link.request(),
  };
}
