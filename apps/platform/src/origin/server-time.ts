/**
 * The origin's clock, so players can measure their offset from it (the spec's serverOffset):
 * program-date-time is written on this clock, and a viewer's computer may be seconds off.
 *
 * `GET /hls/time` answers `{"epochMs": <ms since the epoch>}`, never cached (every answer is a
 * new reading) and readable cross-origin like everything else under /hls. It is advertised in
 * the multivariant playlist as EXT-X-SESSION-DATA with DATA-ID "com.onair.server-time", so a
 * player finds it without knowing this origin's URL layout, and reads it while the media
 * playlist loads. One tiny JSON answer: far cheaper than a playlist, no channel lookup.
 */

import type { FastifyInstance } from 'fastify';
import { ok } from './origin-replies.ts';
import type { SessionData } from './playlist.ts';

export const SERVER_TIME_PATH = '/hls/time';
export const SERVER_TIME_DATA_ID = 'com.onair.server-time';

/** The session-data entry, relative to a multivariant playlist at /hls/:slug/master.m3u8. */
export const SERVER_TIME_SESSION_DATA: SessionData = { dataId: SERVER_TIME_DATA_ID, uri: '../time' };

export function serverTimeBody(nowMs: number): string {
  return JSON.stringify({ epochMs: Math.round(nowMs) });
}

export function registerServerTime(app: FastifyInstance, now: () => number): void {
  app.get(SERVER_TIME_PATH, async (_request, reply) =>
    ok(reply, 'application/json; charset=utf-8', 'no-store', serverTimeBody(now())),
  );
}
