import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublicJson } from './public-fetch.ts';
import { closedPortUrl, startRecordingServer, type RecordingServer } from './testing/recording-server.ts';

let server: RecordingServer;
const schema = z.object({ viewers: z.number() });

beforeAll(async () => {
  server = await startRecordingServer({
    'GET /good': { json: { viewers: 3 } },
    'GET /error': { status: 500, json: { viewers: 3 } },
    'GET /not-json': { text: '{"viewers":' },
    'GET /wrong-shape': { json: { viewers: 'many' } },
  });
});
afterAll(() => server.close());

describe('fetchPublicJson (SPEC §7 "simple public fetch helper")', () => {
  it('answers the validated JSON, asking for JSON without any token', async () => {
    expect(await fetchPublicJson(`${server.url}/good`, schema)).toEqual({ viewers: 3 });
    expect(server.last().method).toBe('GET');
    expect(server.last().headers.accept).toBe('application/json');
    expect(server.last().headers.authorization).toBeUndefined();
  });

  it.each([
    ['a 500, even with a valid body', '/error'],
    ['a body that is not JSON', '/not-json'],
    ['JSON of the wrong shape', '/wrong-shape'],
    ['a 404', '/missing'],
  ])('answers null for %s', async (_case, path) => {
    expect(await fetchPublicJson(`${server.url}${path}`, schema)).toBeNull();
  });

  it('answers null when nothing listens', async () => {
    expect(await fetchPublicJson(`${await closedPortUrl()}/good`, schema)).toBeNull();
  });

  it('answers null when aborted', async () => {
    expect(await fetchPublicJson(`${server.url}/good`, schema, { signal: AbortSignal.abort() })).toBeNull();
  });
});
