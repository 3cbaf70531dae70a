import type { LoadSession, RebuildReason } from './load-session.ts';
import type { SinkType } from '../types/sink-type.ts';

/** What the owner of sessions asks of the player. */
export interface SessionOwnerHarness {
  /** Makes the session (it creates its sink); may throw when the sink cannot be created. */
  create(type: SinkType, url: string, generation: number): LoadSession;
  /** A new source begins: the state resets its per-source fields. */
  onStart(type: SinkType, url: string): void;
  /** The session exists; carry the viewer's choices onto its sink before it loads. */
  onCreated(session: LoadSession): void;
  onCreateFailed(error: unknown): void;
  /** The current source ends (sampling stops, catch-up lets go of the rate). */
  onEnd(): void;
  /** SPEC §4: a queued sink waits while playback runs on the current one. */
  isPlaying(): boolean;
}

/**
 * Owns the current LoadSession: one per load, per sink switch (setSinkType) and per queued
 * rebuild (protection or audio-only change, sink adjustments). Starting one always ends the
 * previous one first, so a failed start leaves no sink behind.
 */
export class SessionOwner {
  #current: LoadSession | null = null;
  #generation = 0;
  #pending: RebuildReason | null = null;

  constructor(private readonly harness: SessionOwnerHarness) {}

  get current(): LoadSession | null {
    return this.#current;
  }

  start(type: SinkType, url: string): void {
    this.end();
    this.harness.onStart(type, url);
    let session: LoadSession | null = null;
    try {
      session = this.harness.create(type, url, ++this.#generation);
      this.#current = session;
      this.harness.onCreated(session);
      session.start();
    } catch (error) {
      session?.destroy();
      this.#current = null;
      this.harness.onCreateFailed(error);
    }
  }

  end(): void {
    this.harness.onEnd();
    this.#current?.destroy();
    this.#current = null;
    this.#pending = null;
  }

  /** SPEC §4: a new sink is queued and swapped in once the current one is idle. */
  queueRebuild(reason: RebuildReason): void {
    this.#pending = reason;
    this.rebuildIfIdle();
  }

  rebuildIfIdle(): void {
    const current = this.#current;
    if (!this.#pending || !current || this.harness.isPlaying()) return;
    this.start(current.type, current.url);
  }
}
