/**
 * Bodies of the HTTP events API, validated with the hosted service's limits:
 *
 *   POST /apps/:appId/events        { name, data, channels: [..] | channel, socket_id?, info? }
 *   POST /apps/:appId/batch_events  { batch: [{ channel, name, data, socket_id?, info? }, ..] }
 *
 * `data` must already be a string (server SDKs JSON-encode objects) and is relayed untouched.
 */

import { isValidChannelName, SOCKET_ID } from './channel-registry.ts';

export interface EventDelivery {
  channels: string[];
  name: string;
  data: string;
  /** The socket that caused the event, excluded from delivery. */
  socketId: string | undefined;
  /** Attributes asked for in the answer; only `subscription_count` is served. */
  info: string[];
}

export type EventRequestResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 413; message: string };

export const MAX_CHANNELS_PER_EVENT = 100;
export const MAX_EVENTS_PER_BATCH = 10;
export const MAX_EVENT_NAME_LENGTH = 200;
export const MAX_DATA_BYTES = 10 * 1024;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const bad = (message: string): { ok: false; status: 400; message: string } => ({ ok: false, status: 400, message });

function readEvent(body: unknown, where: string, channelsAllowed: boolean): EventRequestResult<EventDelivery> {
  if (!isRecord(body)) return bad(`${where} must be a JSON object`);
  const { name, data, channels, channel, socket_id: socketId, info } = body;

  if (typeof name !== 'string' || name === '') return bad(`${where}: "name" must be a non-empty string`);
  if (name.length > MAX_EVENT_NAME_LENGTH) return bad(`${where}: "name" is longer than ${MAX_EVENT_NAME_LENGTH}`);
  if (typeof data !== 'string') return bad(`${where}: "data" must be a string (JSON-encode objects)`);
  if (Buffer.byteLength(data, 'utf8') > MAX_DATA_BYTES) {
    return { ok: false, status: 413, message: `${where}: "data" is larger than ${MAX_DATA_BYTES} bytes` };
  }

  let names: unknown[];
  if (channelsAllowed && channels !== undefined) {
    if (!Array.isArray(channels)) return bad(`${where}: "channels" must be an array`);
    names = channels;
  } else if (channel !== undefined) {
    names = [channel];
  } else {
    return bad(`${where}: ${channelsAllowed ? '"channels" or "channel"' : '"channel"'} is required`);
  }
  if (names.length === 0) return bad(`${where}: no channel given`);
  if (names.length > MAX_CHANNELS_PER_EVENT) return bad(`${where}: more than ${MAX_CHANNELS_PER_EVENT} channels`);
  for (const entry of names) {
    if (typeof entry !== 'string' || !isValidChannelName(entry)) {
      return bad(`${where}: invalid channel name ${JSON.stringify(entry)}`);
    }
  }

  if (socketId !== undefined && (typeof socketId !== 'string' || !SOCKET_ID.test(socketId))) {
    return bad(`${where}: invalid socket_id ${JSON.stringify(socketId)}`);
  }
  if (info !== undefined && typeof info !== 'string') return bad(`${where}: "info" must be a string`);

  return {
    ok: true,
    value: {
      channels: [...new Set(names as string[])],
      name,
      data,
      socketId,
      info: info === undefined || info === '' ? [] : info.split(','),
    },
  };
}

export function parseTriggerBody(body: unknown): EventRequestResult<EventDelivery> {
  return readEvent(body, 'Event', true);
}

export function parseBatchBody(body: unknown): EventRequestResult<EventDelivery[]> {
  if (!isRecord(body) || !Array.isArray(body.batch)) return bad('Body must be {"batch": [...]}');
  if (body.batch.length === 0) return bad('Batch is empty');
  if (body.batch.length > MAX_EVENTS_PER_BATCH) return bad(`Batch has more than ${MAX_EVENTS_PER_BATCH} events`);
  const events: EventDelivery[] = [];
  for (const [index, entry] of body.batch.entries()) {
    const result = readEvent(entry, `batch[${index}]`, false);
    if (!result.ok) return result;
    events.push(result.value);
  }
  return { ok: true, value: events };
}
