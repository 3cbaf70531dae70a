/**
 * The MPEG-TS remuxer as a classic script of its own (Vite builds it as a worker bundle and the
 * page hands its URL to the engine), which the engine's worker loads with importScripts only
 * when a stream has MPEG-TS segments: the worker every viewer starts stays small.
 */
import { createTsRemuxer } from './ts-remuxer.ts';

(self as unknown as { onairTsRemuxer?: typeof createTsRemuxer }).onairTsRemuxer = createTsRemuxer;
