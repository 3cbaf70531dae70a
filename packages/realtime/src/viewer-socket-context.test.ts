import { describe, expect, it } from 'vitest';
import { VIEWER_SOCKET_CONTEXT_ERROR, createViewerSocketContextError } from './viewer-socket-context.ts';

describe('createViewerSocketContextError', () => {
  it("carries SPEC §8's message", () => {
    expect(VIEWER_SOCKET_CONTEXT_ERROR).toBe('Must be inside WebSocketProvider');
    expect(createViewerSocketContextError().message).toBe('Must be inside WebSocketProvider');
  });
});
