import type { WebSocketConstructor } from '../viewer-socket.ts';

/**
 * A browser-shaped WebSocket whose far end the test plays: `accept`, `receive`, `drop`,
 * `refuse`. Sockets are listed in creation order, so reconnections show up as new entries.
 */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  readyState = FakeWebSocket.CONNECTING;
  binaryType = 'blob';
  readonly bufferedAmount = 0;
  readonly extensions = '';
  readonly protocol = '';
  readonly sent: string[] = [];
  closedWith: { code: number; reason: string } | null = null;

  constructor(
    readonly url: string,
    readonly registry: FakeWebSocket[],
  ) {
    super();
    registry.push(this);
  }

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('InvalidStateError: not open');
    this.sent.push(data);
  }

  /** The client's close: the close event follows asynchronously, as in browsers. */
  close(code = 1000, reason = '') {
    if (this.readyState >= FakeWebSocket.CLOSING) return;
    this.readyState = FakeWebSocket.CLOSING;
    queueMicrotask(() => this.#finish(code, reason));
  }

  /** Sent messages parsed, for assertions. */
  messages(): { type: string; data?: unknown }[] {
    return this.sent.map((text) => JSON.parse(text) as { type: string; data?: unknown });
  }

  accept() {
    this.readyState = FakeWebSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  receive(data: string) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }

  /** The server or the network ends an open connection. */
  drop(code = 1006, reason = '') {
    this.#finish(code, reason);
  }

  /** The connection never opens: an error, then an abnormal close. */
  refuse() {
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(new Event('error'));
    this.#finish(1006, '');
  }

  #finish(code: number, reason: string) {
    if (this.closedWith) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.closedWith = { code, reason };
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason, wasClean: code !== 1006 }));
  }
}

export function fakeWebSocketClass(): { WebSocket: WebSocketConstructor; sockets: FakeWebSocket[] } {
  const sockets: FakeWebSocket[] = [];
  class RegisteredWebSocket extends FakeWebSocket {
    constructor(url: string) {
      super(url, sockets);
    }
  }
  // EventTarget's listener type is the generic Event; the socket's close events carry codes.
  return { WebSocket: RegisteredWebSocket as unknown as WebSocketConstructor, sockets };
}
