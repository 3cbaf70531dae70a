import { embedAccepts, framingOrigin } from '@onair/embed-sdk/protocol';
import { HostBridge } from './host-bridge.ts';

/**
 * The bridge on the real page. It talks to the page that framed it and to no one else: the
 * framing origin comes from `location.ancestorOrigins` (or the referrer where a browser has no
 * ancestorOrigins), messages are taken only from the parent window at that origin, and posted
 * only to that origin, so a page that frames the embed it was not given learns nothing. An
 * embed that cannot tell who framed it (an opaque origin, no referrer) has no host API.
 */
export function startWindowBridge(win: Window): HostBridge | null {
  const framedBy = framingOrigin(
    win.location.ancestorOrigins ? Array.from(win.location.ancestorOrigins) : undefined,
    win.document.referrer,
  );
  if (!framedBy) return null;
  const channel = channelOf(win.location.pathname);
  return new HostBridge(
    {
      post: (message) => win.parent.postMessage(message, framedBy),
      listen(listener) {
        const onMessage = (event: MessageEvent) => {
          if (embedAccepts({ origin: event.origin, fromParent: event.source === win.parent }, framedBy)) {
            listener(event.data);
          }
        };
        win.addEventListener('message', onMessage);
        return () => win.removeEventListener('message', onMessage);
      },
      now: () => win.performance.now(),
      setInterval: (callback, ms) => win.setInterval(callback, ms),
      clearInterval: (handle) => win.clearInterval(handle as number),
    },
    channel,
  );
}

/** The channel slug of an embed path (`/studio-live`, `/studio-live/offline`). */
function channelOf(pathname: string): string {
  const segment = pathname.split('/')[1] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
