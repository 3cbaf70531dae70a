/**
 * SPEC §8: the message when the viewer websocket is read outside its provider. The React
 * binding (`WebSocketProvider`, `useViewerSocket`) lives in the embed; this package has no
 * React, so it only owns the words, keeping the embed and its tests in step with the spec.
 */
export const VIEWER_SOCKET_CONTEXT_ERROR = 'Must be inside WebSocketProvider';

export function createViewerSocketContextError(): Error {
  return new Error(VIEWER_SOCKET_CONTEXT_ERROR);
}
