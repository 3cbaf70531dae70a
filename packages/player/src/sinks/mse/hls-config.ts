import { capResponse, requestKind } from './capped-xhr.ts';
import type { IdentityCarrier } from '../../rules/request-identity.ts';
import type { HlsConfig } from './hls-build.ts';
import { SOURCE_GROUP, variantToQuality, type Quality, type VariantDescription } from '../../types/quality.ts';

/**
 * Segment requests of a live stream: a few seconds of buffer is all there is, so a failed or
 * stalled download is retried quickly (250 ms → 1 s) instead of hls.js's VOD-minded 1 s → 8 s
 * and 120 s load time-out, which would drain the buffer before the second try.
 */
const LIVE_FRAGMENT_POLICY = {
  default: {
    maxTimeToFirstByteMs: 4000,
    maxLoadTimeMs: 8000,
    timeoutRetry: { maxNumRetry: 4, retryDelayMs: 0, maxRetryDelayMs: 0 },
    errorRetry: { maxNumRetry: 6, retryDelayMs: 250, maxRetryDelayMs: 1000 },
  },
};

/** hls.js settings of the mse sink; docs/player.md explains each choice. */
export function hlsConfig(
  lowLatency: boolean,
  bandwidthEstimate: number | null,
  identity?: IdentityCarrier,
): Partial<HlsConfig> {
  return {
    enableWorker: true,
    lowLatencyMode: lowLatency,
    backBufferLength: 30,
    // The player's catch-up controller (catch-up.ts) owns the rate: hls.js's would toggle it
    // several times a second. Outside low-latency mode hls.js never changes it either.
    maxLiveSyncPlaybackRate: 1,
    fragLoadPolicy: LIVE_FRAGMENT_POLICY,
    // Loading starts once the start level is chosen (start-level.ts), right after the
    // multivariant playlist: no bandwidth-test fragment of the lowest level first.
    autoStartLoad: false,
    testBandwidth: false,
    // hls.js weights a bandwidth sample by its download time, and a 200 ms part downloads in
    // tens of milliseconds on a fast network: with the default half-lives (3 s / 9 s of
    // download time) a sub-second live buffer stalled before a drop was noticed, and the
    // recovered throughput took over 20 s to be trusted (docs/player.md, "Adaptation").
    abrEwmaFastLive: 0.25,
    abrEwmaSlowLive: 0.5,
    // Our back-off after a stall (stall-backoff.ts) replaces hls.js's +1 s per stall, which
    // never decays.
    liveSyncOnStallIncrease: 0,
    // Every response read within the cap of its kind (capped-xhr.ts): a stage that can write a
    // playlist cannot fill the page's memory. Who is watching goes with each request
    // (request-identity.ts): hls.js opens the request itself unless xhrSetup did.
    xhrSetup: (xhr: XMLHttpRequest, url: string) => {
      if (identity) identify(xhr, url, identity);
      capResponse(xhr, url);
    },
    // Subtitles and captions are the player's text tracks, shown by the page from their cues
    // (CUES_PARSED, mse-sink.ts) as on every sink; the element gets no text track of hls.js's.
    renderTextTracksNatively: false,
    ...(bandwidthEstimate ? { abrEwmaDefaultEstimate: bandwidthEstimate } : {}),
  };
}

/** A variant as hls.js parsed it (advertised) or kept it (a Level): see quality.ts. */
export const levelToQuality: (level: VariantDescription) => Quality = variantToQuality;

export const isSource = (quality: Pick<Quality, 'group'>): boolean => quality.group === SOURCE_GROUP;

/**
 * The compatibility sink's requests with the token, the ids and the credentials mode: the URL
 * opened here where it changes. XHR has no `omit`: same-origin cookies always go, so `omit`
 * acts as `same-origin` on this sink.
 */
function identify(xhr: XMLHttpRequest, url: string, identity: IdentityCarrier): void {
  const href = identity.url(url, requestKind(url) === 'playlist');
  if (href !== url) xhr.open('GET', href, true);
  xhr.withCredentials = identity.identity.credentials === 'include';
}
