import type { AuthorizationRefusal, ErrorSource, ErrorType, PlaybackRestriction } from '../types/errors.ts';
import type { AudioTrack, Quality, TextTrack } from '../types/quality.ts';
import type { TrackKind } from './media-target.ts';
import type { DrmKey } from '../hls/media-playlist.ts';
import type { EarlyMediaPlaylist } from './early-playlists.ts';
import type { BufferedRange } from '../types/state.ts';

/**
 * SPEC §7 "Commands the player posts to its worker", typed both ways. Commands carry `cmd`,
 * what the worker tells the page carries `type`. In this player the page keeps the element's
 * play/pause/volume and every policy (docs/player.md): the engine in the worker owns loading,
 * renditions and the live edge, so commands about the element are acknowledged as state the
 * engine uses (a paused player stops loading far ahead), and those with no meaning for a
 * worker engine (remote playback, sink type) are answered with `commandError`, never silence.
 */
export type EngineCommand =
  | {
      cmd: 'create';
      lowLatency: boolean;
      bandwidthEstimate: number | null;
      transcodesOnly: boolean;
      /** Not in the spec's list: play the sound alone (engine-deps.ts EngineOptions.audioOnly). */
      audioOnly?: boolean;
    }
  | { cmd: 'delete' }
  /**
   * `extra.multivariant`: the text of `path`, which the page has fetched already (the embed's
   * early script asks for it while the worker starts); the engine then starts with the media
   * playlist. Anything but a string there is ignored and the engine asks for `path` itself.
   * `extra.media`: the page's copies of the media playlists (early-playlists.ts); the chosen
   * variant's, where young enough, is the engine's first. `extra.pieces`: the URLs of the start's
   * pieces the page is fetching for the engine (page-pieces.ts), each handed over with `pagePiece`.
   */
  | {
      cmd: 'load';
      path: string;
      extra?: { startLatency?: number; multivariant?: string; media?: EarlyMediaPlaylist[]; pieces?: string[] };
    }
  | { cmd: 'play' }
  | { cmd: 'playIntent' }
  | { cmd: 'pause' }
  /** A position on the element's timeline, or the live edge. */
  | { cmd: 'seekTo'; position: number | 'live' }
  | { cmd: 'setVolume'; volume: number }
  | { cmd: 'setMuted'; muted: boolean }
  /** A quality by name, or null for automatic. */
  | { cmd: 'setQuality'; quality: Pick<Quality, 'name' | 'bitrate'> | null }
  | { cmd: 'setAuthToken'; token: string }
  | { cmd: 'setClientId'; clientId: string }
  | { cmd: 'setDeviceId'; deviceId: string }
  | { cmd: 'setPlayerType'; playerType: string }
  | { cmd: 'setLiveMaxLatency'; seconds: number }
  | { cmd: 'setVisible'; visible: boolean }
  | { cmd: 'setLooping'; looping: boolean }
  | { cmd: 'setPlaybackRate'; rate: number }
  | { cmd: 'setAutoQualityMode'; enabled: boolean }
  | { cmd: 'setAutoMaxQuality'; quality: Pick<Quality, 'name' | 'bitrate'> | null }
  | { cmd: 'setAutoViewportSize'; width: number; height: number }
  | { cmd: 'setExperiment'; id: string; assignment: string }
  | { cmd: 'updatePlayerConfiguration'; lowLatency?: boolean }
  | { cmd: 'startRemotePlayback' }
  | { cmd: 'endRemotePlayback' }
  | { cmd: 'setSinkType'; sinkType: string }
  | { cmd: 'setRequestCredentials'; credentials: RequestCredentials }
  | { cmd: 'setPlatformName'; name: string }
  | { cmd: 'removeQuality'; quality: Pick<Quality, 'name' | 'bitrate'> }
  /**
   * Not in the spec's list: where mux.js's MPEG-TS transmuxer script is (same origin as the
   * worker), loaded only for an MPEG-TS stream whose video carries captions (the worker remuxes
   * every other one itself); without it such a stream plays without its captions.
   */
  | { cmd: 'setTsRemuxer'; url: string }
  /** The subtitle loop's script (subtitle-script.ts), loaded the first time a subtitle rendition is shown. */
  | { cmd: 'setSubtitleScript'; url: string }
  /**
   * Not in the spec's list: one of the start's pieces the page fetched for the engine (named by
   * `load`'s `extra.pieces`), its bytes transferred; null where the page got none (the engine
   * then asks for it itself).
   */
  | { cmd: 'pagePiece'; url: string; bytes: ArrayBuffer | null }
  /** Not in the spec's list: plays another alternate audio rendition, by its id (AudioTrack). */
  | { cmd: 'setAudioTrack'; id: string }
  /**
   * Not in the spec's list: shows a text track (TextTrack id) or none (null, the start): its
   * cues come as `captions`. With none, no subtitle playlist or segment is asked for.
   */
  | { cmd: 'setTextTrack'; id: string | null }
  | { cmd: 'onOnline' }
  | { cmd: 'onOffline' }
  | ClientSinkEvent;

/** A buffered range of media on the element's timeline (s): the player's own type. */
export type { BufferedRange };

/**
 * SPEC §7 onClientSink* events: what the page's side of the media (the element, and on the
 * `default-media-source` sink its MediaSource too) tells the engine. On `mse-worker` the
 * MediaSource is the worker's and only the element's reports (position, idle, playing, ended,
 * gap jump) apply; on `default-media-source` the page carries out the engine's media
 * operations (`sink*` events) and answers each by its `id`: `update` when it is done (the
 * SourceBuffer's `update`), `error` or `recoverableError` when the browser refused it.
 */
export type ClientSinkEvent =
  /** The element's position, every POSITION_INTERVAL_MS and with each answered operation. */
  | {
      cmd: 'onClientSinkUpdate';
      currentTime: number;
      paused: boolean;
      rate: number;
      /** The page's main SourceBuffer's ranges (default-media-source only). */
      buffered?: BufferedRange[];
      /** Its audio SourceBuffer's, where an alternate audio rendition plays. */
      audioBuffered?: BufferedRange[];
      /** The operation this update completes (default-media-source only). */
      done?: number;
    }
  /** The element waits for data (`waiting`): the engine loads now, whatever it was waiting for. */
  | { cmd: 'onClientSinkIdle' }
  /** The element renders frames again (`playing`). */
  | { cmd: 'onClientSinkPlaying' }
  /** The element played to the end of what the engine ended the stream with. */
  | { cmd: 'onClientSinkEnded' }
  /** The browser refused an operation (`id`) or the element failed (no `id`): media error `code`. */
  | { cmd: 'onClientSinkError'; id?: number; code: number; message: string }
  /** An operation refused for now (the SourceBuffer is full): the engine frees room and tries again. */
  | { cmd: 'onClientSinkRecoverableError'; id: number; name: string; message: string }
  /** The page made a new MediaSource (a reload): the engine sets it up and starts at the live edge. */
  | { cmd: 'onClientSinkReset'; epoch: number }
  /** The page moved the position over a hole in the buffer (gapJump). */
  | { cmd: 'onClientSinkGapJump'; from: number; to: number }
  /** The element's duration changed (Infinity for a live MediaSource). */
  | { cmd: 'onClientSinkDuration'; duration: number }
  /** A property of a native (passthrough) player changed: a worker engine has none, and says so. */
  | { cmd: 'onClientSinkPassthroughProperty'; name: string; value: unknown };

export type EngineCommandName = EngineCommand['cmd'];

/** A failure the engine classified (errors.ts shapes it on the page). */
export interface EngineError {
  type: ErrorType;
  code: number;
  source: ErrorSource;
  message: string;
  fatal: boolean;
  restriction?: PlaybackRestriction;
  authorization?: AuthorizationRefusal;
}

/** The live playlist as the engine last saw it, for the page's latency and catch-up. */
export interface EngineTimeline {
  live: boolean;
  targetDuration: number;
  partTarget: number;
  partHoldBack: number;
  /** The live edge on the element's timeline (s) when the playlist arrived. */
  edgeTime: number;
  /** Epoch seconds minus element time: add to currentTime for program-date-time; null when unknown. */
  dateOffset: number | null;
}

export type EngineEvent =
  /** MediaSource was made in the worker: the page sets it as the element's srcObject. */
  | { type: 'mediaSourceHandle'; handle: unknown }
  | { type: 'sourceInfo'; sessionData: Record<string, string>; startOffset: number; qualities: Quality[] }
  | { type: 'qualityChanged'; quality: Quality }
  /** The stream's alternate audio renditions and the one playing (not in the spec's list). */
  | { type: 'audioTracks'; tracks: AudioTrack[]; selected: string | null }
  /** The stream's subtitles and captions and the one shown (not in the spec's list). */
  | { type: 'textTracks'; tracks: TextTrack[]; selected: string | null }
  | { type: 'tracks'; codec: string; path: string; group: string }
  | { type: 'timeline'; timeline: EngineTimeline }
  /** Where the page should put the position once media is there (start, live edge, gap jump). */
  | { type: 'seek'; position: number }
  /**
   * The buffer ahead runs dry before the piece being loaded arrives (a step down over a
   * collapsed link), or, with false, has refilled: the page plays a little slower meanwhile
   * (not in the spec's list).
   */
  | { type: 'starving'; starving: boolean }
  /** A piece was appended: bytes and media seconds for the bitrate meter, and the throughput estimate. */
  | { type: 'progress'; bytes: number; duration: number; bandwidthEstimate: number }
  /** ID3 tags found in the stream (emsg), ahead of their time: the page turns them into cues. */
  | { type: 'metadata'; samples: { data: Uint8Array; pts: number }[] }
  /**
   * Cues of the text track shown (`track`, its id): WebVTT subtitles, or CEA-608 captions from
   * the video's SEI (MPEG-TS streams), on the element's timeline, ahead of their time.
   */
  | { type: 'captions'; track: string; cues: { startTime: number; endTime: number; text: string }[] }
  /** Something the engine skipped and played on without (a subtitle segment): the page logs it. */
  | { type: 'warning'; message: string }
  | { type: 'discontinuity' }
  /**
   * The stream is DRM-protected (not in the spec's list): the key systems its playlist names
   * and the init segment's `pssh` boxes (EME initDataType `cenc`; empty where it has none).
   * The page's MediaKeys decrypt what the engine appends (drm/).
   */
  | { type: 'protection'; systems: DrmKey[]; initData: Uint8Array }
  /** The engine does not play this source (alternate audio, MPEG-TS); another sink may. */
  | { type: 'declined'; reason: string }
  | { type: 'error'; error: EngineError }
  | { type: 'mediaError'; code: number; message: string }
  | { type: 'commandError'; cmd: string; reason: string }
  | SinkOperation;

/**
 * What the engine asks of the page's MediaSource on the `default-media-source` sink, one at a
 * time, each answered by `id` (ClientSinkEvent). `epoch` names the MediaSource it was meant for:
 * an operation for one the page has since replaced (onClientSinkReset) is dropped. The live
 * window (`sinkSeekable`, MediaSource.setLiveSeekableRange) is applied at once and not answered.
 */
export type SinkOperation =
  | { type: 'sinkConfigure'; id: number; epoch: number; mime: string; track?: TrackKind }
  | { type: 'sinkAppend'; id: number; epoch: number; bytes: Uint8Array; track?: TrackKind }
  | { type: 'sinkRemove'; id: number; epoch: number; start: number; end: number }
  | { type: 'sinkTimestampOffset'; id: number; epoch: number; offset: number; track?: TrackKind }
  | { type: 'sinkEndOfStream'; id: number; epoch: number }
  | { type: 'sinkSeekable'; epoch: number; start: number; end: number; final?: boolean };

const COMMANDS: ReadonlySet<string> = new Set<EngineCommandName>([
  'create',
  'delete',
  'load',
  'play',
  'playIntent',
  'pause',
  'seekTo',
  'setVolume',
  'setMuted',
  'setQuality',
  'setAuthToken',
  'setClientId',
  'setDeviceId',
  'setPlayerType',
  'setLiveMaxLatency',
  'setVisible',
  'setLooping',
  'setPlaybackRate',
  'setAutoQualityMode',
  'setAutoMaxQuality',
  'setAutoViewportSize',
  'setExperiment',
  'updatePlayerConfiguration',
  'startRemotePlayback',
  'endRemotePlayback',
  'setSinkType',
  'setRequestCredentials',
  'setPlatformName',
  'removeQuality',
  'setAudioTrack',
  'setTextTrack',
  'setTsRemuxer',
  'setSubtitleScript',
  'pagePiece',
  'onOnline',
  'onOffline',
  'onClientSinkUpdate',
  'onClientSinkIdle',
  'onClientSinkPlaying',
  'onClientSinkEnded',
  'onClientSinkError',
  'onClientSinkRecoverableError',
  'onClientSinkReset',
  'onClientSinkGapJump',
  'onClientSinkDuration',
  'onClientSinkPassthroughProperty',
]);

/** A message from the page, checked for shape: unknown ones are answered, never acted on. */
export function decodeCommand(data: unknown): EngineCommand | { invalid: string } {
  if (typeof data !== 'object' || data === null) return { invalid: 'not an object' };
  const cmd = (data as { cmd?: unknown }).cmd;
  if (typeof cmd !== 'string' || !COMMANDS.has(cmd)) return { invalid: `unknown command ${String(cmd)}` };
  return data as EngineCommand;
}

/** Every event type, as a record so that a type added to EngineEvent and left out here does not compile. */
const EVENT_TYPES: Record<EngineEvent['type'], true> = {
  mediaSourceHandle: true,
  sourceInfo: true,
  qualityChanged: true,
  audioTracks: true,
  textTracks: true,
  tracks: true,
  timeline: true,
  seek: true,
  starving: true,
  progress: true,
  metadata: true,
  captions: true,
  warning: true,
  discontinuity: true,
  protection: true,
  declined: true,
  error: true,
  mediaError: true,
  commandError: true,
  sinkConfigure: true,
  sinkAppend: true,
  sinkRemove: true,
  sinkTimestampOffset: true,
  sinkEndOfStream: true,
  sinkSeekable: true,
};
const EVENTS: ReadonlySet<string> = new Set(Object.keys(EVENT_TYPES));

/** A message from the worker; null for anything else (another script's message). */
export function decodeEvent(data: unknown): EngineEvent | null {
  if (typeof data !== 'object' || data === null) return null;
  const type = (data as { type?: unknown }).type;
  return typeof type === 'string' && EVENTS.has(type) ? (data as EngineEvent) : null;
}
