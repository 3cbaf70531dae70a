/**
 * How the live origin answers: its content types and cache lifetimes, and
 * its errors in the platform's error shape (http-error.ts). Every answer is
 * readable cross-origin, as players run on other origins.
 */

import type { FastifyReply } from 'fastify';
import { errorBody } from '../http-error.ts';

export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
export const SEGMENT_TYPE = 'video/iso.segment';
export const INIT_TYPE = 'video/mp4';
// A segment's (or part's) bytes at a given msn never change. The init
// segment only changes when the fixture is regenerated, hence the shorter
// lifetime.
export const SEGMENT_CACHE = 'public, max-age=3600, immutable';
export const INIT_CACHE = 'public, max-age=600, immutable';
// A live playlist changes with every part; blocking reloads are never cached
// either, because when one is answered depends on when it arrived.
export const PLAYLIST_CACHE = 'no-cache';
// Digits only, and short enough to stay an exact integer.
export const MSN_PATTERN = /^\d{1,15}$/;

export type OriginErrorStatus = 400 | 404 | 503;

export function problem(reply: FastifyReply, status: OriginErrorStatus, message: string): FastifyReply {
  return reply
    .code(status)
    .header('access-control-allow-origin', '*')
    .header('cache-control', 'no-cache')
    .type('application/json; charset=utf-8')
    .send(errorBody(status, message));
}

export function ok(reply: FastifyReply, type: string, cacheControl: string, body: string | Uint8Array): FastifyReply {
  const payload = typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return reply
    .code(200)
    .header('access-control-allow-origin', '*')
    .header('cache-control', cacheControl)
    .type(type)
    .send(payload);
}
