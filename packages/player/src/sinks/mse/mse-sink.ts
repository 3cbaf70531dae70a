import { IdentityCarrier } from '../../rules/request-identity.ts';
import Hls, { Events, type ErrorData, type Level } from './hls-build.ts';
import { NETWORK_RETRY } from '../../types/constants.ts';
import type { SinkEnvironment } from '../../types/environment.ts';
import type * as Id3Cues from '../../metadata/id3-cues.ts';
import { lowLatencyTarget } from '../../rules/catch-up.ts';
import { MediaBitrateMeter } from '../../rules/media-bitrate.ts';
import { afterStall, NO_STALL_BACKOFF, stallExtra } from '../../rules/stall-backoff.ts';
import type { Quality, TextTrack } from '../../types/quality.ts';
import { plainText } from '../../hls/webvtt.ts';
import { serverTimeUrl } from '../../rules/server-clock.ts';
import { chooseStartLevel } from '../../rules/start-level.ts';
import { hlsConfig, isSource, levelToQuality } from './hls-config.ts';
import { classifyHlsError } from './hls-errors.ts';
import { partTimingFromPlaylist, peekingPlaylistLoader } from './playlist-peek.ts';
import type { Sink, SinkHost, TrackConfiguration } from '../sink.ts';

export { levelToQuality } from './hls-config.ts';

/** A subtitle name no stream has: hls.js's preference for "none" (its default would load DEFAULT=YES ones). */
const NO_SUBTITLES = '\u0000none';

/** The hls.js class, injectable so the sink's own logic runs in unit tests without MediaSource. */
export type HlsClass = typeof Hls;

/** hls.js over MediaSource on the main thread: the spec's "default media source" sink. */
export function createMseSink(host: SinkHost, env: SinkEnvironment, Engine: HlsClass = Hls): Sink {
  let url = '';
  let lowLatency = host.lowLatency;
  let liveMaxLatency = Number.POSITIVE_INFINITY;
  let hls: Hls | null = null;
  /** The viewer's manual quality, kept across reloads; null in auto mode. */
  let manual: Quality | null = null;
  let networkAttempts = 0;
  /** The last instance's measured bandwidth (bit/s): the next instance starts from it. */
  let measuredBandwidth: number | null = null;
  let retryTimer: unknown;
  let backoff = NO_STALL_BACKOFF;
  let meter = new MediaBitrateMeter();
  /** The discontinuity sequence last played; a change is a discontinuity crossed. */
  let lastCc: number | null = null;
  /** Who is watching, on every request hls.js makes (hls-config.ts xhrSetup). */
  const identity = new IdentityCarrier();
  let id3Cues: Promise<typeof Id3Cues> | null = null;
  /** The text track the page shows (setTextTrack), kept across instances; null: none. */
  let textTrack: string | null = null;
  /** The current instance's captions channels (closed-caption renditions, then those found), by id. */
  let captions = new Map<string, TextTrack>();
  /** The SourceBuffers the current hls.js instance announced (BUFFER_CODECS), by track. */
  const announced = new Map<'video' | 'audio' | 'audiovideo', string>();

  function onError(instance: Hls, data: ErrorData): void {
    if (data.details === 'bufferStalledError') backoff = afterStall(backoff, env.monotonic());
    if (data.details === 'mediaSourceRequiresReset') {
      // The browser ended the MediaSource (a decode error, media error code 3). hls.js would
      // reset it and switch level on its own; the spec's policy (reload once, report on
      // recurrence) is the player's, so hand it over — after hls.js's own dispatch, because
      // the policy may destroy this instance.
      env.timers.setTimeout(() => {
        if (hls === instance) host.onMediaError(3, `${data.details}: ${data.error?.message ?? ''}`);
      }, 0);
      return;
    }
    const decision = classifyHlsError(
      {
        type: data.type,
        details: data.details,
        fatal: data.fatal,
        status: data.response?.code,
        message: data.error?.message,
        body: refusedBody(data.networkDetails),
      },
      { networkAttempts, retry: NETWORK_RETRY },
    );
    switch (decision.action) {
      case 'report':
      case 'fail':
        host.onError(decision.error);
        return;
      case 'media-error':
        host.onMediaError(decision.code, decision.message);
        return;
      case 'retry':
        networkAttempts += 1;
        env.timers.clearTimeout(retryTimer);
        retryTimer = env.timers.setTimeout(() => {
          if (hls !== instance) return;
          if (decision.reloadManifest) instance.loadSource(url);
          else instance.startLoad();
        }, decision.delayMs);
    }
  }

  /** SPEC §3 sink adjustment: automatic quality never climbs onto the source. */
  function capAutomaticQuality(instance: Hls): void {
    if (!host.adjustments.abrTranscodesOnly) return;
    const transcodes = instance.levels.map((l, i) => (isSource(levelToQuality(l)) ? -1 : i)).filter((i) => i >= 0);
    if (transcodes.length > 0) instance.autoLevelCapping = Math.max(...transcodes);
  }

  function reportTracks(
    instance: Hls,
    data: { audio?: { codec?: string }; video?: { codec?: string }; audiovideo?: { codec?: string } },
  ): void {
    const level: Level | undefined = instance.levels[instance.currentLevel] ?? instance.levels[0];
    const isProtected = (level?.details?.encryptedFragments.length ?? 0) > 0;
    const path = level?.url[0] ?? url;
    const group = level ? levelToQuality(level).group : '';
    const srcObj = host.video.currentSrc || null;
    // With audio in its own playlist, hls.js announces the audio SourceBuffer and the video one
    // in separate events: the tracks are the union of an instance's announcements, or the
    // first (audio alone) would read as an audio-only stream and the next as a change back,
    // a rebuild each time (the reload loop an alternate-audio stream fell into).
    for (const id of ['video', 'audio', 'audiovideo'] as const) {
      const track = data[id];
      if (track) announced.set(id, track.codec ?? '');
    }
    const tracks: TrackConfiguration[] = [...announced].map(([trackID, codec]) => ({
      ...{ trackID, codec, mode: 'mse' as const },
      ...{ isProtected, path, group, srcObj },
    }));
    host.onTracks(tracks);
  }

  /** hls.js's audio tracks as the player's, where any has its own playlist (else the audio is muxed). */
  function reportAudioTracks(instance: Hls): void {
    const tracks = instance.audioTracks;
    if (!tracks.some((track) => track.url)) return;
    host.onAudioTracks?.(
      tracks.map((track) => ({ id: track.name, name: track.name, language: track.lang ?? '', default: track.default })),
      tracks[instance.audioTrack]?.name ?? null,
    );
  }

  /**
   * hls.js's subtitle tracks (its current group) and the CEA-608 channels, as the player's text
   * tracks: subtitles by NAME, captions `cc1` … `cc4` (textTrack1 … in hls.js), as on our engine.
   */
  function textTracks(instance: Hls): TextTrack[] {
    const subtitles = instance.subtitleTracks.map((track) => ({
      ...{ id: track.name, name: track.name, language: track.lang ?? '' },
      ...{ kind: 'subtitles' as const, default: track.default },
    }));
    return [...subtitles, ...captions.values()];
  }

  function reportTextTracks(instance: Hls): void {
    const tracks = textTracks(instance);
    if (tracks.length === 0 || hls !== instance) return;
    host.onTextTracks?.(tracks, tracks.some((t) => t.id === textTrack) ? textTrack : null);
  }

  /**
   * Which subtitles hls.js loads: the page's choice by name, or none. Its preference too, which
   * it follows when it lists tracks again (a new instance, another group): a name no track has
   * for none, or it would load and show its DEFAULT=YES track by itself.
   */
  const subtitlePreference = () => ({ name: textTrack ?? NO_SUBTITLES });
  function applyTextTrack(instance: Hls): void {
    instance.config.subtitlePreference = subtitlePreference();
    const index = instance.subtitleTracks.findIndex((track) => track.name === textTrack);
    instance.subtitleDisplay = index >= 0;
    if (instance.subtitleTrack !== index) instance.subtitleTrack = index;
  }

  function create(): Hls {
    announced.clear();
    captions = new Map();
    const applyTarget = (partHoldBackS: number, partTargetS: number) => {
      const target = lowLatency ? lowLatencyTarget(partHoldBackS, partTargetS) : null;
      // hls.js starts, and resyncs (seekToLiveEdge, liveMaxLatency), at its target: make it ours,
      // from every playlist's text before hls.js parses it (playlist-peek.ts).
      // Compared with the config, not the getter, which adds hls.js's back-off after stalls.
      if (target !== null && instance.config.liveSyncDuration !== target) instance.targetLatency = target;
    };
    const instance: Hls = new Engine({
      ...hlsConfig(lowLatency, measuredBandwidth, identity),
      subtitlePreference: subtitlePreference(),
      pLoader: peekingPlaylistLoader(Engine.DefaultConfig.loader, (text) => {
        const timing = partTimingFromPlaylist(text);
        if (timing) applyTarget(timing.partHoldBackS, timing.partTargetS);
      }),
    });
    applyLiveMaxLatency(instance);
    // hls.js announces MANIFEST_PARSED (the variants it kept: MediaSource can play them) from
    // inside its own MANIFEST_LOADED handling (every variant advertised), so the two arrive in
    // either order; the qualities are settled once both are known.
    let advertised: Quality[] | null = null;
    let kept: Quality[] | null = null;
    const settleQualities = () => {
      if (!advertised || !kept) return;
      const qualities = kept;
      const dropped = advertised.filter(
        (a) => !qualities.some((q) => q.bitrate === a.bitrate && q.codecs === a.codecs),
      );
      advertised = kept = null;
      const remove = new Set(host.onQualities(qualities, dropped));
      // Highest index first so the remaining indices stay valid while removing.
      for (let i = qualities.length - 1; i >= 0; i--) if (remove.has(qualities[i]!)) instance.removeLevel(i);
      capAutomaticQuality(instance);
      const index = manual ? levelIndex(instance, manual) : -1;
      if (index >= 0) instance.startLevel = instance.currentLevel = index;
      else instance.startLevel = chooseStartLevel(instance.levels, elementSize(host.video), measuredBandwidth);
      instance.startLoad(-1);
    };
    instance.on(Events.MANIFEST_LOADED, (_event, data) => {
      advertised = data.levels.map(levelToQuality);
      const sessionData: Record<string, string> = {};
      for (const [id, attrs] of Object.entries(data.sessionData ?? {}))
        sessionData[id] = attrs.VALUE ?? attrs.URI ?? '';
      host.onSourceInfo({ sessionData, startOffset: data.startTimeOffset ?? 0 });
      const clock = serverTimeUrl(data.sessionData, data.url);
      if (clock) host.onServerClock(clock);
      for (const rendition of data.captions ?? []) {
        const channel = /^CC([1-4])$/.exec(rendition.instreamId ?? '')?.[1];
        if (!channel) continue;
        captions.set(`cc${channel}`, {
          ...{ id: `cc${channel}`, name: rendition.name, language: rendition.lang ?? '' },
          ...{ kind: 'captions', default: rendition.default },
        });
      }
      settleQualities();
      reportTextTracks(instance);
    });
    instance.on(Events.MANIFEST_PARSED, (_event, data) => {
      kept = data.levels.map(levelToQuality);
      settleQualities();
    });
    instance.on(Events.FRAG_LOADED, (_event, data) => {
      const estimate = instance.bandwidthEstimate;
      if (Number.isFinite(estimate) && estimate > 0) measuredBandwidth = Math.round(estimate);
      const piece = data.part ?? data.frag;
      meter.add(piece.stats.loaded, piece.duration);
    });
    instance.on(Events.FRAG_CHANGED, (_event, data) => {
      // The fragment now on screen: a new discontinuity sequence means one was crossed.
      if (lastCc !== null && data.frag.cc !== lastCc) host.onDiscontinuity();
      lastCc = data.frag.cc;
    });
    instance.on(Events.BUFFER_CODECS, (_event, data) => reportTracks(instance, data));
    instance.on(Events.LEVEL_SWITCHED, (_event, data) => {
      const level = instance.levels[data.level];
      if (level) host.onQualityChanged(levelToQuality(level));
    });
    instance.on(Events.FRAG_PARSING_METADATA, (_event, data) => {
      // ID3 in the stream: the parser loads with the first tag (id3-cues.ts), in order.
      id3Cues ??= import('../../metadata/id3-cues.ts');
      void id3Cues.then(({ cuesFromSamples }) => {
        const cues = cuesFromSamples(data.samples);
        if (cues.length > 0 && hls === instance) host.onTimedCues(cues);
      });
    });
    instance.on(Events.FRAG_BUFFERED, () => {
      networkAttempts = 0;
      host.onProgress();
    });
    instance.on(Events.ERROR, (_event, data) => onError(instance, data));
    // Alternate audio renditions (the full build plays them): listed, and the one playing.
    instance.on(Events.AUDIO_TRACKS_UPDATED, () => reportAudioTracks(instance));
    instance.on(Events.AUDIO_TRACK_SWITCHED, () => reportAudioTracks(instance));
    // Subtitles and captions (renderTextTracksNatively off, hls-config.ts): listed, and the shown
    // one's cues handed to the player as on our engine, never drawn by the browser.
    // After hls.js's own dispatch: it selects its track when this event's handlers are done, so
    // a page that chooses one as the list arrives would otherwise be overruled at once.
    instance.on(Events.SUBTITLE_TRACKS_UPDATED, () => env.timers.setTimeout(() => reportTextTracks(instance), 0));
    instance.on(Events.NON_NATIVE_TEXT_TRACKS_FOUND, (_event, data) => {
      let found = false;
      for (const track of data.tracks) {
        const id = /^textTrack([1-4])$/.exec(track._id ?? '')?.[1];
        if (track.kind !== 'captions' || !id || captions.has(`cc${id}`)) continue;
        captions.set(`cc${id}`, { id: `cc${id}`, name: `CC${id}`, language: '', kind: 'captions', default: false });
        found = true;
      }
      if (found) reportTextTracks(instance);
    });
    instance.on(Events.CUES_PARSED, (_event, data) => {
      const channel = /^textTrack([1-4])$/.exec(data.track)?.[1];
      const track = data.type === 'captions' ? channel && `cc${channel}` : data.subtitleTrack?.name;
      if (!track || track !== textTrack || hls !== instance) return;
      const cues = (data.cues as { startTime: number; endTime: number; text: string }[])
        .map(({ startTime, endTime, text }) => ({
          type: 'TextCue' as const,
          startTime,
          endTime,
          text: plainText(text),
          track,
        }))
        .filter((cue) => cue.text);
      if (cues.length > 0) host.onTimedCues(cues);
    });
    instance.attachMedia(host.video);
    return instance;
  }

  function start(): void {
    env.timers.clearTimeout(retryTimer);
    hls?.destroy();
    meter = new MediaBitrateMeter();
    lastCc = null;
    identity.identity = host.identity;
    identity.restart(new URL(url, globalThis.location?.href).href);
    hls = create();
    hls.loadSource(url);
  }

  function applyLiveMaxLatency(instance: Hls): void {
    // hls.js seeks forward when further than liveMaxLatencyDuration from the edge; it must
    // stay above the sync target, so an unreachable bound is simply not applied.
    const syncTarget = instance.config.liveSyncDuration ?? instance.config.liveSyncDurationCount;
    instance.config.liveMaxLatencyDuration =
      Number.isFinite(liveMaxLatency) && liveMaxLatency > syncTarget ? liveMaxLatency : undefined;
  }

  const levelIndex = (instance: Hls, quality: Quality): number =>
    instance.levels.findIndex((l) => l.height === quality.height && l.bitrate === quality.bitrate);

  const sink: Sink = {
    type: 'mse',
    load(source) {
      url = source;
      start();
    },
    setIdentity(next) {
      identity.identity = next;
    },
    reload() {
      if (!url) return;
      hls?.destroy();
      hls = null;
      // A clean element: the new instance must not take the old position as its start.
      host.video.removeAttribute('src');
      host.video.load();
      start();
    },
    setAudioTrack(id) {
      const index = hls?.audioTracks.findIndex((track) => track.name === id) ?? -1;
      if (hls && index >= 0) hls.audioTrack = index;
    },
    setTextTrack(id) {
      textTrack = id;
      if (!hls) return;
      applyTextTrack(hls);
      reportTextTracks(hls);
    },
    setQuality(quality) {
      manual = quality;
      if (!hls) return;
      if (quality === null) {
        hls.nextLevel = -1;
        return;
      }
      const index = levelIndex(hls, quality);
      if (index >= 0) hls.currentLevel = index;
    },
    setLowLatency(enabled) {
      if (enabled === lowLatency) return;
      lowLatency = enabled;
      // hls.js reads lowLatencyMode when it plans playlist and part loads: start over cleanly.
      if (hls && url) sink.reload();
    },
    setLiveMaxLatency(seconds) {
      liveMaxLatency = seconds;
      if (hls) applyLiveMaxLatency(hls);
    },
    seekToLiveEdge() {
      const position = hls?.liveSyncPosition;
      if (position !== null && position !== undefined && Number.isFinite(position)) host.video.currentTime = position;
    },
    bandwidthEstimate() {
      const estimate = hls?.bandwidthEstimate ?? Number.NaN;
      return Number.isFinite(estimate) ? Math.round(estimate) : 0;
    },
    mediaBitrate: () => meter.bitrate(),
    playingDateMs() {
      return hls?.playingDate?.getTime() ?? null;
    },
    lowLatencyTarget() {
      const details = hls?.latestLevelDetails;
      if (!lowLatency || !details?.live) return null;
      const target = lowLatencyTarget(details.partHoldBack, details.partTarget);
      return target === null ? null : target + stallExtra(backoff, env.monotonic());
    },
    liveEdgeDistance() {
      const details = hls?.latestLevelDetails;
      if (!hls || !details?.live) return null;
      return { seconds: hls.latency, targetDuration: details.targetduration };
    },
    isLive: () => hls?.latestLevelDetails?.live ?? false,
    destroy() {
      env.timers.clearTimeout(retryTimer);
      hls?.destroy();
      hls = null;
    },
  };
  return sink;
}

function elementSize(video: HTMLVideoElement): { width: number; height: number; devicePixelRatio: number } {
  return {
    width: video.clientWidth,
    height: video.clientHeight,
    devicePixelRatio: globalThis.devicePixelRatio ?? 1,
  };
}

/**
 * The body of the request hls.js failed, where its XHR loader kept it as text (manifests and
 * playlists; media arrive as arraybuffer): a 403 may name a restriction there.
 */
function refusedBody(details: unknown): string | undefined {
  if (typeof XMLHttpRequest === 'undefined' || !(details instanceof XMLHttpRequest)) return undefined;
  if (details.responseType !== '' && details.responseType !== 'text') return undefined;
  return details.responseText;
}
