import Pusher from 'pusher-js';
import { describe, expect, it } from 'vitest';
import { loadPusherClient } from './pusher-loader.ts';
import { recordingLogger } from './testing/logger.ts';

describe('loadPusherClient', () => {
  it("loads pusher-js's worker build rather than the bundled one", async () => {
    const logger = recordingLogger();
    const WorkerPusher = await loadPusherClient({ logger });
    const { default: expected } = await import('pusher-js/worker');

    expect(WorkerPusher).toBe(expected);
    expect(WorkerPusher).not.toBe(Pusher);
    expect(logger.error).not.toHaveBeenCalled();
  });
});
