/**
 * The protocol as one accepted socket speaks it, over a narrow transport (send text, close),
 * so it runs the same over `ws` and in unit tests.
 *
 * - `pusher:ping` → `pusher:pong`; any message resets the activity check (connection-state.ts).
 * - `pusher:subscribe`: public channels at once; `private-*` only with a valid `auth` for this
 *   socket and channel. A refusal sends, on the open socket, both what the hosted service's
 *   clients know: `pusher:error` with code 4009 (connection-level, what the protocol documents)
 *   and `pusher:subscription_error` on the channel (what pusher-js emits to the channel's own
 *   `pusher:subscription_error` handlers, shaped like its client-side refusals).
 * - `presence-*` channels are refused: member lists are not implemented.
 * - `client-*` events are refused with `pusher:error` (code null, as the hosted service does
 *   when client events are disabled): nothing in the product sends them, and relaying
 *   unauthenticated browser input to other viewers is a feature to switch on deliberately.
 * - Limits (SESSION_LIMITS): at most `maxChannels` channels (a subscribe beyond is refused like
 *   any other), and messages at the bucket's rate; a flood closes the socket with 4100.
 */

import { channelKind, isValidChannelName, type ChannelRegistry, type Subscriber } from './channel-registry.ts';
import { ConnectionState, type ActivityTimings } from './connection-state.ts';
import {
  CloseCode,
  connectionEstablished,
  encodeServerMessage,
  parseClientMessage,
  protocolError,
  subscriptionError,
  subscriptionSucceeded,
  type ClientMessage,
  type ServerMessage,
} from './protocol-messages.ts';
import { verifyChannelAuth, type SigningKey } from './signing.ts';
import { TokenBucket } from '../limits/token-bucket.ts';

export interface SessionTransport {
  send(text: string): void;
  close(code: number, reason: string): void;
}

export interface SessionLimits {
  maxChannels: number;
  messagesBurst: number;
  messagesPerSecond: number;
}

/** An embed subscribes to 2 or 3 channels and pings every 2 minutes: these are far above that. */
export const SESSION_LIMITS: Readonly<SessionLimits> = Object.freeze({
  maxChannels: 50,
  messagesBurst: 100,
  messagesPerSecond: 10,
});

export interface SessionOptions {
  credentials: SigningKey;
  registry: ChannelRegistry;
  timings: ActivityTimings;
  /** ms clock of the message rate (default Date.now). */
  now?: () => number;
  limits?: SessionLimits;
}

type Subscribe = Extract<ClientMessage, { type: 'subscribe' }>;

export class SocketSession implements Subscriber {
  readonly socketId: string;
  readonly #transport: SessionTransport;
  readonly #options: SessionOptions;
  readonly #state: ConnectionState;
  readonly #limits: SessionLimits;
  readonly #rate: TokenBucket;
  #open = true;

  /** Greets the client at once: `pusher:connection_established` is the handshake. */
  constructor(socketId: string, transport: SessionTransport, options: SessionOptions) {
    this.socketId = socketId;
    this.#transport = transport;
    this.#options = options;
    this.#limits = options.limits ?? SESSION_LIMITS;
    this.#rate = new TokenBucket(this.#limits.messagesBurst, this.#limits.messagesPerSecond, options.now ?? Date.now);
    this.#state = new ConnectionState(socketId, options.timings, {
      ping: () => this.send({ event: 'pusher:ping', data: '{}' }),
      timedOut: () => this.close(CloseCode.PongNotReceived, 'Pong reply not received'),
    });
    this.send(connectionEstablished(socketId, options.timings.activityTimeoutS));
  }

  get channels(): ReadonlySet<string> {
    return this.#state.channels;
  }

  send(message: ServerMessage): void {
    if (this.#open) this.#transport.send(encodeServerMessage(message));
  }

  receive(text: string): void {
    if (!this.#open) return;
    if (!this.#rate.take()) {
      this.close(CloseCode.OverCapacity, 'Too many messages');
      return;
    }
    this.#state.touched();
    const message = parseClientMessage(text);
    switch (message.type) {
      case 'ping':
        this.send({ event: 'pusher:pong', data: '{}' });
        return;
      case 'pong':
        return;
      case 'subscribe':
        this.#subscribe(message);
        return;
      case 'unsubscribe':
        this.#options.registry.unsubscribe(message.channel, this);
        this.#state.left(message.channel);
        return;
      case 'client-event':
        this.send(protocolError(null, 'Client events are not enabled on this server'));
        return;
      case 'unsupported':
        this.send(protocolError(null, `Unsupported event ${JSON.stringify(message.event)}`));
        return;
      case 'invalid':
        this.send(protocolError(null, message.reason));
        return;
    }
  }

  /** Asks the transport to close; `closed()` follows when the socket is really gone. */
  close(code: number, reason: string): void {
    if (!this.#open) return;
    this.#open = false;
    this.#state.stop();
    this.#transport.close(code, reason);
  }

  /** The socket is gone (either side closed it): leave every channel, stop the timers. */
  closed(): void {
    this.#open = false;
    this.#state.stop();
    this.#options.registry.unsubscribeAll(this, this.#state.channels);
  }

  #subscribe({ channel, auth }: Subscribe): void {
    if (!isValidChannelName(channel)) {
      this.#refuse(channel, null, 400, `Invalid channel name ${JSON.stringify(channel)}`);
      return;
    }
    if (!this.#state.channels.has(channel) && this.#state.channels.size >= this.#limits.maxChannels) {
      this.#refuse(channel, null, 429, `At most ${this.#limits.maxChannels} channels per connection`);
      return;
    }
    const kind = channelKind(channel);
    if (kind === 'presence') {
      this.#refuse(channel, null, 400, `Presence channels are not supported by this server (${channel})`);
      return;
    }
    if (kind === 'private') {
      // Private signatures cover socket and channel only; `channel_data` is a presence matter.
      const check = verifyChannelAuth(this.#options.credentials, this.socketId, channel, auth);
      if (!check.ok) {
        this.#refuse(channel, CloseCode.Unauthorized, 401, check.message);
        return;
      }
    }
    this.#options.registry.subscribe(channel, this);
    this.#state.joined(channel);
    // Also on a repeated subscribe: the client is waiting for it either way.
    this.send(subscriptionSucceeded(channel));
  }

  #refuse(channel: string, code: number | null, status: number, message: string): void {
    this.send(protocolError(code, message));
    this.send(subscriptionError(channel, message, status));
  }
}
