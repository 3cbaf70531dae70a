import { describe, expect, it } from 'vitest';
import { takeEarlyResponse, type EarlyResponses } from './early-requests.ts';

const INFO = '/api/v2/channels/studio-live/info';

function store(): EarlyResponses {
  return { [INFO]: Promise.resolve(new Response('{"id":1}')) };
}

describe('takeEarlyResponse', () => {
  it('hands the early response for the same GET once, then leaves the call to the network', async () => {
    const early = store();
    const taken = takeEarlyResponse(early, INFO, { method: 'GET', headers: { Accept: 'application/json' } });
    expect(taken).not.toBeNull();
    expect(await (await taken!).json()).toEqual({ id: 1 });
    expect(takeEarlyResponse(early, INFO, { method: 'GET' })).toBeNull();
  });

  it('does not answer a call that carries a token, another method, or another URL', () => {
    const early = store();
    expect(takeEarlyResponse(early, INFO, { headers: { Authorization: 'Bearer t' } })).toBeNull();
    expect(takeEarlyResponse(early, INFO, { method: 'POST' })).toBeNull();
    expect(takeEarlyResponse(early, '/api/v2/channels/other/info', undefined)).toBeNull();
    expect(takeEarlyResponse(early, new URL(`http://x${INFO}`), undefined)).toBeNull();
    expect(takeEarlyResponse(undefined, INFO, undefined)).toBeNull();
    // Still there for the call it was made for.
    expect(takeEarlyResponse(early, INFO, undefined)).not.toBeNull();
  });
});
