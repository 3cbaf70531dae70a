/**
 * Live HLS origin: a committed, pre-encoded ABR ladder published on the wall
 * clock as an endless live stream, with no encoder running while serving.
 */

import { fileURLToPath } from 'node:url';

export { loadFixture, FixtureError, SEGMENT_DURATION_MS } from './fixture.ts';
export type { Fixture, FixtureFragment, FixtureTrack, Rendition } from './fixture.ts';
export { registerLiveOrigin } from './routes.ts';
export type { LiveOriginOptions } from './routes.ts';
export { buildFragmentAt, buildPartAt, buildSegment, buildSegmentWithMetadata } from './segment.ts';
export { CAPTION_EVENT, METADATA_TIMESCALE, SEGMENT_EVENT, segmentMetadataEvents } from './timed-metadata.ts';
export type { SegmentEventPayload } from './timed-metadata.ts';
export { ID3_EMSG_SCHEME } from './emsg.ts';
export { SERVER_TIME_DATA_ID, SERVER_TIME_PATH } from './server-time.ts';

/** The ladder committed in apps/platform/media/fixture. */
export const defaultFixtureDir: string = fileURLToPath(new URL('../../media/fixture', import.meta.url));

/** The MPEG-TS channel's loop, committed in apps/platform/media/fixture-ts (ts-routes.ts). */
export const defaultTsFixtureDir: string = fileURLToPath(new URL('../../media/fixture-ts', import.meta.url));
