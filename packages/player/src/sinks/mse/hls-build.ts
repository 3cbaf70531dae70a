/**
 * hls.js's full build, for the compatibility sink: where a stream cannot play on our engine,
 * hls.js must play all of it. The light build we shipped before (65 KiB gzip less) leaves out
 * alternate audio renditions, so a stream with its audio in its own playlist, the usual shape
 * of a multi-language stream, played with no sound and no error; it also leaves out WebVTT and
 * CEA-608 subtitles and EME. This chunk loads only when the sink is chosen (a stream our engine
 * declines, or a browser with no worker), never before the first frame on our engine
 * (docs/player.md, "hls.js build").
 */
import Hls from 'hls.js';

export default Hls;
export { ErrorDetails, ErrorTypes, Events } from 'hls.js';
export type { ErrorData, HlsConfig, Level, LevelParsed } from 'hls.js';
