/**
 * The subtitle loop and its WebVTT parser as a classic script of their own (Vite builds it as a
 * worker bundle and the page hands its URL to the engine), which the engine's worker loads with
 * importScripts only once a subtitle rendition is shown: most streams have none, and the worker
 * every viewer starts before the first frame stays without them (as the MPEG-TS remuxer).
 */
import { SubtitleLoop } from './subtitle-loop.ts';
import type { SubtitleLoopFactory } from './subtitle-loader.ts';

const create: SubtitleLoopFactory = (host, id, url) => new SubtitleLoop(host, id, url);
(self as unknown as { onairSubtitleLoop?: SubtitleLoopFactory }).onairSubtitleLoop = create;
