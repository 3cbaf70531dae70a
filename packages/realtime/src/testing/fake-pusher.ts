import type { ChannelAuthorizationHandler, Options as PusherOptions } from 'pusher-js';
import type { RealtimeChannel, RealtimeClient, RealtimeClientConstructor } from '../realtime-store.ts';

type Listener = (...args: never[]) => void;

class Listeners {
  readonly #byEvent = new Map<string, Set<Listener>>();

  add(event: string, listener: Listener) {
    let set = this.#byEvent.get(event);
    if (!set) this.#byEvent.set(event, (set = new Set()));
    set.add(listener);
  }

  remove(event?: string, listener?: Listener) {
    if (event === undefined) this.#byEvent.clear();
    else if (listener === undefined) this.#byEvent.delete(event);
    else this.#byEvent.get(event)?.delete(listener);
  }

  count(event: string): number {
    return this.#byEvent.get(event)?.size ?? 0;
  }

  emit(event: string, payload?: unknown) {
    for (const listener of [...(this.#byEvent.get(event) ?? [])]) (listener as (payload: unknown) => void)(payload);
  }
}

export class FakeChannel implements RealtimeChannel {
  readonly listeners = new Listeners();
  constructor(readonly name: string) {}

  bind(event: string, callback: (data: unknown) => void) {
    this.listeners.add(event, callback);
  }

  unbind(event?: string, callback?: (data: unknown) => void) {
    this.listeners.remove(event, callback);
  }

  /** What the server pushing an event on this channel looks like to the client. */
  deliver(event: string, data: unknown) {
    this.listeners.emit(event, data);
  }
}

class FakeConnection {
  state = 'initialized';
  readonly listeners = new Listeners();

  bind(event: string, callback: Listener) {
    this.listeners.add(event, callback);
  }

  /** pusher-js's ConnectionManager emits `state_change`, then the state's own event. */
  moveTo(state: string) {
    const previous = this.state;
    this.state = state;
    this.listeners.emit('state_change', { previous, current: state });
    this.listeners.emit(state);
  }
}

export interface FakePusherInstance extends RealtimeClient {
  readonly key: string;
  readonly options: PusherOptions;
  readonly connection: FakeConnection;
  readonly channels: Map<string, FakeChannel>;
  readonly calls: string[];
  /** The authoriser pusher-js would have built by itself (the store puts a router in front). */
  readonly libraryAuthorizer: ChannelAuthorizationHandler;
  libraryAuthorized: string[];
}

/**
 * A stand-in with pusher-js's surface as the store uses it; it records calls instead of
 * speaking the protocol (the real client is exercised against a real server elsewhere).
 */
export function fakePusher(): { Pusher: RealtimeClientConstructor; instances: FakePusherInstance[] } {
  const instances: FakePusherInstance[] = [];

  class Pusher implements FakePusherInstance {
    readonly connection = new FakeConnection();
    readonly channels = new Map<string, FakeChannel>();
    readonly calls: string[] = [];
    libraryAuthorized: string[] = [];
    readonly libraryAuthorizer: ChannelAuthorizationHandler = ({ channelName }, callback) => {
      this.libraryAuthorized.push(channelName);
      callback(null, { auth: 'library-auth' });
    };
    config = { channelAuthorizer: this.libraryAuthorizer };

    constructor(
      readonly key: string,
      readonly options: PusherOptions,
    ) {
      instances.push(this);
      this.connection.moveTo('connecting');
    }

    subscribe(channelName: string) {
      this.calls.push(`subscribe ${channelName}`);
      let channel = this.channels.get(channelName);
      if (!channel) this.channels.set(channelName, (channel = new FakeChannel(channelName)));
      return channel;
    }

    unsubscribe(channelName: string) {
      this.calls.push(`unsubscribe ${channelName}`);
      this.channels.delete(channelName);
    }

    connect() {
      this.calls.push('connect');
      this.connection.moveTo('connecting');
    }

    disconnect() {
      this.calls.push('disconnect');
      this.connection.moveTo('disconnected');
    }
  }

  return { Pusher, instances };
}
