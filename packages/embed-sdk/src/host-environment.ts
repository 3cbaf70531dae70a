import type { InboundMessage } from './inbound.ts';
import type { Timers } from './pending-calls.ts';

/** The frame as the player uses it: a window to post to and to recognise, and a way out. */
export interface FrameHandle {
  /** Null until the frame is in a document, and again once it is removed. */
  readonly contentWindow: { postMessage(message: unknown, targetOrigin: string): void } | null;
  remove(): void;
}

/**
 * Everything the player needs from the page, behind one narrow interface: the browser's in
 * production, a fake in unit tests (which run in Node, with no DOM).
 */
export interface HostEnvironment extends Timers {
  /** Creates the iframe with `attributes` inside `container` (an element, or its id). */
  createFrame(container: HTMLElement | string, attributes: Readonly<Record<string, string>>): FrameHandle;
  /** Listens to the page's `message` events; returns the way to stop. */
  listen(listener: (message: InboundMessage) => void): () => void;
  /** Where a host listener's exception goes: the page's own error reporting. */
  reportError(error: unknown): void;
}

export function browserEnvironment(): HostEnvironment {
  return {
    createFrame(container, attributes) {
      const parent = typeof container === 'string' ? document.getElementById(container) : container;
      if (!parent) throw new Error(`OnAir: no element with the id "${String(container)}"`);
      const frame = document.createElement('iframe');
      for (const [name, value] of Object.entries(attributes)) frame.setAttribute(name, value);
      parent.appendChild(frame);
      return frame;
    },
    listen(listener) {
      const onMessage = (event: MessageEvent) => listener(event);
      window.addEventListener('message', onMessage);
      return () => window.removeEventListener('message', onMessage);
    },
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    // reportError reaches window.onerror (the host's monitoring) without breaking our loop.
    reportError: (error) => (typeof reportError === 'function' ? reportError(error) : console.error(error)),
  };
}
