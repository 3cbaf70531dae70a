import { mergeDelta, parseMediaPlaylist, withoutParts, type MediaPlaylist } from '../hls/media-playlist.ts';
import { afterLast, blockingReloadUrl } from './part-scheduler.ts';

/** A playlist as it arrived, with its answer's Last-Modified (epoch ms) where the origin sent one. */
export interface FetchedPlaylist {
  playlist: MediaPlaylist;
  modifiedMs: number | null;
  /** Its age on arrival (ms) where that is known exactly (a copy the page held), not read from Last-Modified. */
  ageMs?: number;
}

/** A copy of the first playlist the page already holds (early-playlists.ts), with its age now. */
export interface GivenPlaylist {
  text: string;
  ageMs: number;
}

export interface RefresherIo {
  /** Fetches and parses; null when aborted, over, or failed (the engine reports failures). */
  fetch(
    url: string,
    signal: AbortSignal,
    parse: (text: string, modifiedMs: number | null) => FetchedPlaylist,
  ): Promise<FetchedPlaylist | null>;
  sleep(ms: number): Promise<void>;
  /**
   * `modifiedMs`: the newest answer's Last-Modified (playlist-age.ts), null where it had none;
   * `ageMs`: its exact age on arrival, where known (a copy the page held).
   */
  onPlaylist(playlist: MediaPlaylist, modifiedMs: number | null, ageMs?: number): void;
  /** Without low latency parts are left out (withoutParts), and reloads wait for whole segments. */
  lowLatency(): boolean;
}

/**
 * Keeps one variant's media playlist current (hls.js's level loading, for LL-HLS only): a
 * blocking reload for the part after the newest one (`_HLS_msn`/`_HLS_part`), so a playlist
 * arrives the moment a part is published, as a delta update (`_HLS_skip=YES`) where the
 * server offers one, in full when a delta cannot be merged; plain polling for an origin that
 * cannot block. `follow` moves to another variant at once, abandoning the request in flight.
 */
export class PlaylistRefresher {
  private run = 0;
  private abort = new AbortController();

  constructor(private readonly io: RefresherIo) {}

  /**
   * `from`: where a rendition report of the playlist left says this variant is (a switch): the
   * first request blocks for that part, which the server has, instead of a plain request a
   * cache may answer with an older playlist. `given`: the first playlist, which the page holds
   * already; every later one is asked for as usual (unreadable, it is asked for too).
   */
  follow(url: string, from?: { msn: number; part: number | null }, given?: GivenPlaylist): void {
    this.stop();
    void this.loop(url, this.run, from, given);
  }

  stop(): void {
    this.run += 1;
    this.abort.abort();
    this.abort = new AbortController();
  }

  private async loop(
    variantUrl: string,
    run: number,
    from?: { msn: number; part: number | null },
    given?: GivenPlaylist,
  ): Promise<void> {
    let current: MediaPlaylist | null = null;
    let full = false;
    while (run === this.run && !current?.endList) {
      let url = variantUrl;
      if (!current && from) {
        const parts = from.part !== null && this.io.lowLatency();
        url = blockingReloadUrl(variantUrl, { msn: from.msn, part: from.part ?? 0 }, { parts, skip: false });
      } else if (current?.serverControl.canBlockReload) {
        const skip = !full && current.serverControl.canSkipUntil > 0;
        url = blockingReloadUrl(variantUrl, afterLast(current), { parts: current.partTarget > 0, skip });
      } else if (current) {
        await this.io.sleep(1000 * (current.partTarget || current.targetDuration / 2));
        if (run !== this.run) return;
      }
      full = false;
      const held = !current && given ? readGiven(given, variantUrl) : null;
      // Once: a copy that cannot start the playlist (a delta: nothing to merge it into) is
      // asked for instead, never read again in a loop with no request to wait on.
      given = undefined;
      const fetched =
        held ??
        (await this.io.fetch(url, this.abort.signal, (text, modifiedMs) => ({
          playlist: parseMediaPlaylist(text, variantUrl),
          modifiedMs,
        })));
      if (!fetched || run !== this.run) return;
      const merged = mergeDelta(current, fetched.playlist);
      if (!merged) {
        // The delta skipped segments we never had: ask for the whole playlist once.
        full = true;
        continue;
      }
      current = this.io.lowLatency() ? merged : withoutParts(merged);
      this.io.onPlaylist(current, fetched.modifiedMs, fetched.ageMs);
    }
  }
}

/** The page's copy as if it had just arrived, or null where it does not parse (then it is asked for). */
function readGiven(given: GivenPlaylist, variantUrl: string): FetchedPlaylist | null {
  try {
    return { playlist: parseMediaPlaylist(given.text, variantUrl), modifiedMs: null, ageMs: given.ageMs };
  } catch {
    return null;
  }
}
