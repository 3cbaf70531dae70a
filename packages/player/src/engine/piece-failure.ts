import { LoadError, loadFailure } from './loader.ts';
import { MediaTargetError } from './media-target.ts';
import type { EngineEvent } from './protocol.ts';

/**
 * What the engine does when loading or appending one piece failed: a pure verdict on the
 * error and where the piece stood, so each rule is written (and tested) once, and the media
 * loop only carries it out.
 */
export type PieceVerdict =
  /** A hint the origin does not honour is no error: wait for the playlist to list the part. */
  | { kind: 'waitForPlaylist' }
  /**
   * The live window moved past the piece while it was asked for (a stalled request abandoned,
   * then a 404 for the retry): start again at the edge, as when playback falls behind the window.
   */
  | { kind: 'restartAtEdge' }
  /** A full SourceBuffer: free what is behind the position, then the same piece again. */
  | { kind: 'makeRoom' }
  /**
   * A refused append: the MSE append error algorithm ends the MediaSource with a decode error,
   * which the element reports on the page; reporting it here too would count one error twice
   * against the player's reload-once policy. The engine stops without a word.
   */
  | { kind: 'stopSilently' }
  /** The end of this load: the engine reports `event` and stops. */
  | { kind: 'fail'; event: EngineEvent }
  /** Not a failure of loading or appending (a bug): it propagates. */
  | { kind: 'rethrow' };

export interface PieceAtFailure {
  /** A preload hint (requested before the playlist listed it). */
  hint: boolean;
  /** The newest playlist lists a segment more than one after the piece's. */
  passedBy: boolean;
}

export function pieceFailure(error: unknown, piece: PieceAtFailure): PieceVerdict {
  if (error instanceof LoadError) {
    if (piece.hint && error.status >= 400 && error.status < 500) return { kind: 'waitForPlaylist' };
    if (piece.passedBy) return { kind: 'restartAtEdge' };
    return { kind: 'fail', event: { type: 'error', error: loadFailure(error, 'segment') } };
  }
  if (error instanceof MediaTargetError) {
    if (error.recoverable) return { kind: 'makeRoom' };
    if (error.elementReports) return { kind: 'stopSilently' };
    // A type the browser refused is ours to report: the element never saw it.
    return { kind: 'fail', event: { type: 'mediaError', code: error.code, message: error.message } };
  }
  return { kind: 'rethrow' };
}

/**
 * Where the start seeks, once its first piece is in: the target distance behind the newest
 * playlist's edge, not the first playlist's (the edge moved on while the first piece loaded;
 * blocking reloads kept the playlist current). The page reads the distance as the playlist's
 * edge plus its age (liveEdgeDistance), so the age counts too, up to one part (a playlist older
 * than that is no clock). Never before the first piece's own start; without a timeline, the
 * start cursor's offset into that piece.
 */
export function startSeekPosition(input: {
  /** Media time of the first appended piece's start. */
  pieceStart: number;
  /** The start cursor's offset into that piece (s). */
  offsetS: number;
  /** The newest playlist's edge on the media timeline; null when unknown. */
  edgeTime: number | null;
  /** The distance behind the edge the start aims for (s). */
  latencyS: number;
  /** How long ago the newest playlist was written (s): since it arrived, and its age then (playlist-age.ts). */
  playlistAgeS: number;
  /** Its part target (or target duration without parts): the most its age may count for. */
  maxAgeS: number;
}): number {
  if (!input.edgeTime) return input.pieceStart + input.offsetS;
  const age = Math.min(Math.max(0, input.playlistAgeS), input.maxAgeS);
  const behind = Math.max(0, input.latencyS - age);
  return Math.max(input.pieceStart, input.edgeTime - behind);
}
