import { describe, expect, it } from 'vitest';
import { loadPublicConfig } from '@onair/config';
import { connectOptions } from './realtime-connection.ts';

describe('connectOptions', () => {
  it.each([
    ['http://127.0.0.1:18080', { wsHost: '127.0.0.1', wsPort: 18080, forceTLS: false, enabledTransports: ['ws'] }],
    ['https://rt.example', { wsHost: 'rt.example', wssPort: 443, forceTLS: true, enabledTransports: ['wss'] }],
  ])('%s: one scheme and port, never a fallback to the other', (host, expected) => {
    const options = connectOptions(loadPublicConfig({ PUBLIC_REALTIME_HOST_URL: host }), 'http://127.0.0.1:18080');
    expect(options).toMatchObject(expected);
    expect(Object.keys(options)).not.toContain(expected.forceTLS ? 'wsPort' : 'wssPort');
  });
});
