/**
 * Pure decisions of the fault injector: what an origin request is, whether a fault applies
 * to it, and how a fault's count runs down. No I/O, no clock, so they are unit-tested alone.
 */

import { shapesResponse, type FaultSpec, type FaultTarget } from './fault-spec.ts';

/** What an origin request asks for; `other` is anything under /hls/:slug the origin has no name for. */
export type RequestKind = Exclude<FaultTarget, 'all'> | 'other';

export interface OriginRequest {
  /** Lower-cased, as channel slugs are matched case-insensitively. */
  slug: string;
  kind: RequestKind;
  rendition: string | undefined;
  method: string;
}

/** A stored fault: its spec plus the bookkeeping the admin API reports. */
export interface Fault extends FaultSpec {
  id: string;
  /** Matching requests it still applies to; `null` = until cleared. */
  remaining: number | null;
  /** How many requests it has acted on. */
  hits: number;
}

const PLAYLIST = /\.m3u8$/;
const INIT = /^init[^/]*\.mp4$/;
// Segments and LL-HLS parts (`seg-<msn>.m4s`, `part-<msn>.<i>.m4s`), whatever container a
// later origin uses, so faults keep matching when the origin grows.
const MEDIA = /\.(m4s|mp4|m4v|m4a|ts|aac)$/;

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/**
 * Classifies a request URL (path and optional query) of the live origin, or answers
 * undefined when it is not under `/hls/:slug/`.
 */
export function classifyOriginPath(url: string, method = 'GET'): OriginRequest | undefined {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const parts = path.split('/');
  // ['', 'hls', slug, ...rest]
  if (parts[0] !== '' || parts[1] !== 'hls' || parts.length < 4) return undefined;
  const slug = decode(parts[2] ?? '');
  if (!slug) return undefined;
  const rest = parts.slice(3).map(decode);
  if (rest.some((part) => part === undefined)) return undefined;
  const base = { slug: slug.toLowerCase(), method: method.toUpperCase() };

  const [first, second] = rest;
  if (rest.length === 1 && first !== undefined && PLAYLIST.test(first)) {
    return { ...base, kind: 'multivariant', rendition: undefined };
  }
  if (rest.length === 2 && first && second) {
    const kind: RequestKind = PLAYLIST.test(second)
      ? 'playlist'
      : INIT.test(second)
        ? 'init'
        : MEDIA.test(second)
          ? 'segment'
          : 'other';
    return { ...base, kind, rendition: first };
  }
  return { ...base, kind: 'other', rendition: undefined };
}

export function isActive(fault: Pick<Fault, 'remaining'>): boolean {
  return fault.remaining === null || fault.remaining > 0;
}

/** Whether `fault` is meant for `request`, ignoring whether it has uses left. */
export function faultMatches(fault: FaultSpec, request: OriginRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (fault.target !== 'all' && fault.target !== request.kind) return false;
  if (fault.rendition !== undefined && fault.rendition !== request.rendition) return false;
  // A HEAD response has no body to stall or corrupt; let it through untouched.
  if (request.method === 'HEAD' && shapesResponse(fault)) return false;
  return true;
}

/** The fault that applies: the first, in the order added, that matches and has uses left. */
export function selectFault<F extends Fault>(faults: readonly F[], request: OriginRequest): F | undefined {
  return faults.find((fault) => isActive(fault) && faultMatches(fault, request));
}

/** The fault after acting on one more request. */
export function consume(fault: Fault): Fault {
  const remaining = fault.remaining === null ? null : Math.max(0, fault.remaining - 1);
  return { ...fault, remaining, hits: fault.hits + 1 };
}

/**
 * The fault after a use that turned out to do nothing (a stall or corruption whose response
 * was not a successful body), so `count` keeps meaning "N requests actually affected".
 */
export function refund(fault: Fault): Fault {
  const remaining = fault.remaining === null ? null : fault.remaining + 1;
  return { ...fault, remaining, hits: Math.max(0, fault.hits - 1) };
}

/** A new stored fault. */
export function createFault(id: string, spec: FaultSpec): Fault {
  return { ...spec, id, remaining: spec.count ?? null, hits: 0 };
}
