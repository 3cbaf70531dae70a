/**
 * Applies the stored faults to live-origin requests through Fastify hooks, so the origin's
 * routes stay unaware of them:
 *
 * - `onRequest`: picks the fault (first match, one use taken), waits out `delayMs`, and
 *   answers `status` before the route runs;
 * - `onSend`: corrupts and/or stalls the route's successful body, then logs the request.
 *
 * Every wait is cancelled when the client goes away or the server closes (`preClose`, which
 * runs before the HTTP server waits for open connections), so `app.close()` never waits
 * out a stall.
 */

import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { corruptPayload } from './corrupt.ts';
import { classifyOriginPath, type Fault, type OriginRequest } from './fault-rules.ts';
import { shapesResponse, type FaultEffect } from './fault-spec.ts';
import { FaultStore } from './fault-store.ts';
import { sendFaultError } from './reply-error.ts';
import { faultAdminRoutes } from './routes.ts';
import { StallStream } from './stall-stream.ts';

export interface FaultInjectorOptions {
  /** Where faults and request logs live; a fresh one when absent. */
  store?: FaultStore;
  /**
   * Whether a slug names a channel. Requests for other slugs are neither faulted nor logged,
   * and the admin API answers 404 for them. Absent: every slug is accepted.
   */
  channelExists?: (slug: string) => boolean;
  /** Wall clock for the request log, ms since the epoch (default `Date.now`). */
  now?: () => number;
  /** Mount the admin API (default true); false leaves the store as the only way in. */
  routes?: boolean;
}

interface RequestState {
  origin: OriginRequest;
  time: number;
  startedAt: number;
  fault: Fault | undefined;
  effects: FaultEffect[];
}

/**
 * Resolves after `ms`, or as soon as `signal` aborts. The global setTimeout rather than
 * node:timers/promises: the unit tests drive the delay with fake timers, which reach only the
 * global one, instead of timing a real wait.
 */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The response body as bytes when it is a successful, in-memory one; else undefined. */
function successfulBody(reply: FastifyReply, payload: unknown): Buffer | undefined {
  if (reply.statusCode < 200 || reply.statusCode >= 300) return undefined;
  if (typeof payload === 'string') return Buffer.from(payload);
  if (payload instanceof Uint8Array) return Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  return undefined;
}

/**
 * Registers the injector's hooks on `app` itself (not an encapsulated child), so they see
 * every route, and the admin API. Returns the store in use.
 */
export async function registerFaultInjector(
  app: FastifyInstance,
  options: FaultInjectorOptions = {},
): Promise<FaultStore> {
  const store = options.store ?? new FaultStore();
  const { channelExists } = options;
  const now = options.now ?? Date.now;
  const closing = new AbortController();
  const stalls = new Set<StallStream>();
  const states = new WeakMap<FastifyRequest, RequestState>();

  /** Sleeps `ms`, cut short when the client disconnects or the server closes. */
  async function wait(ms: number, reply: FastifyReply): Promise<void> {
    const gone = new AbortController();
    const onClose = () => gone.abort();
    reply.raw.once('close', onClose);
    try {
      await pause(ms, AbortSignal.any([closing.signal, gone.signal]));
    } finally {
      reply.raw.off('close', onClose);
    }
  }

  function stall(fault: Fault, body: Buffer, reply: FastifyReply): StallStream {
    const stream = new StallStream(body, {
      holdMs: fault.stallMs ?? null,
      leadBytes: fault.stallBytes ?? 0,
      onStart: () => {
        if (!reply.raw.headersSent) reply.raw.flushHeaders();
      },
      onDone: () => stalls.delete(stream),
    });
    stalls.add(stream);
    // The full length, so the client knows the body is incomplete while it waits.
    reply.header('content-length', String(body.byteLength));
    return stream;
  }

  function record(state: RequestState, reply: FastifyReply): void {
    const { origin, fault, effects } = state;
    const [path = '', query = ''] = reply.request.url.split(/\?(.*)/s);
    const entry = store.logRequest(origin.slug, {
      time: state.time,
      method: origin.method,
      path,
      query,
      kind: origin.kind,
      rendition: origin.rendition ?? null,
      status: reply.statusCode,
      fault: fault && effects.length > 0 ? { id: fault.id, effects: [...effects] } : null,
      durationMs: null,
      aborted: false,
    });
    const res = reply.raw;
    let settled = false;
    const settle = (aborted: boolean) => {
      if (settled) return;
      settled = true;
      entry.durationMs = Math.round(performance.now() - state.startedAt);
      entry.aborted = aborted;
    };
    // 'finish' means the whole body was handed to the OS; 'close' alone, that it never was.
    res.once('finish', () => settle(false));
    res.once('close', () => settle(!res.writableFinished));
    // The client may have left during a delay, before there was anything to listen to.
    if (res.destroyed) settle(!res.writableFinished);
  }

  app.addHook('onRequest', async (request, reply) => {
    const origin = classifyOriginPath(request.url, request.method);
    if (!origin || (channelExists && !channelExists(origin.slug))) return;
    const fault = store.take(origin);
    const state: RequestState = { origin, time: now(), startedAt: performance.now(), fault, effects: [] };
    states.set(request, state);
    if (!fault) return;
    if (fault.delayMs !== undefined) {
      state.effects.push('delay');
      await wait(fault.delayMs, reply);
    }
    if (fault.status !== undefined) {
      state.effects.push('status');
      sendFaultError(reply, fault.status, `Injected fault ${fault.id}: status ${fault.status}`, {
        ...(fault.restriction !== undefined && { restriction: fault.restriction }),
        ...(fault.retryAfterS !== undefined && { retryAfterS: fault.retryAfterS }),
      });
      return reply;
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = states.get(request);
    if (!state) return payload;
    // An error while sending re-enters onSend with the error body; apply and log once.
    states.delete(request);
    const { fault, effects } = state;
    let out: unknown = payload;
    if (fault && shapesResponse(fault) && !effects.includes('status')) {
      const body = successfulBody(reply, payload);
      if (body && !closing.signal.aborted) {
        let bytes = body;
        if (fault.corrupt !== undefined) {
          const corrupted = corruptPayload(body, fault.corrupt);
          bytes = Buffer.from(corrupted.buffer, corrupted.byteOffset, corrupted.byteLength);
          effects.push('corrupt');
          // Media is served as immutable: a cached corrupted copy would outlive the fault's
          // count, and the next request would meet it again without reaching the injector.
          reply.header('cache-control', 'no-store');
        }
        out = bytes;
        if (fault.stallMs !== undefined) {
          out = stall(fault, bytes, reply);
          effects.push('stall');
        }
      } else if (effects.length === 0) {
        // Nothing to reshape (an error response, or shutting down): the use does not count.
        store.giveBack(state.origin.slug, fault.id);
      }
    }
    record(state, reply);
    return out;
  });

  app.addHook('preClose', async () => {
    closing.abort();
    for (const stream of stalls) stream.destroy(new Error('server closing'));
    stalls.clear();
  });

  if (options.routes ?? true) await app.register(faultAdminRoutes, { store, channelExists });
  return store;
}
