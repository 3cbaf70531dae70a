/**
 * hls.js's light build: the full build minus subtitles (WebVTT/IMSC1/CEA-608), alternate audio
 * renditions, EME/DRM, CMCD, content steering, I-frame playlists, interstitials and variable
 * substitution, none of which this stream or the spec uses. Captions and timed metadata reach
 * us as ID3 in emsg boxes, which the core parses (FRAG_PARSING_METADATA). It saves ~65 KiB gzip
 * of the first-frame JavaScript (docs/player.md, "hls.js build").
 *
 * The light entry ships no declarations; its API is the full build's, so the full build's
 * types describe it.
 */
import type * as HlsModule from 'hls.js';
// @ts-expect-error -- 'hls.js/light' has no declarations of its own (see above).
import * as untyped from 'hls.js/light';

const light = untyped as typeof HlsModule;

const Hls = light.default;
type Hls = HlsModule.default;
export default Hls;
export const { ErrorDetails, ErrorTypes, Events } = light;
export type { ErrorData, HlsConfig, Level, LevelParsed } from 'hls.js';
