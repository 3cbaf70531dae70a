import type { ReceiverMessage, SenderMessage, ToReceiver, ToSender } from './cast-protocol.ts';

/**
 * Faults a journey switches on (`PUT /admin/cast/faults`), each one a way a real cast fails:
 * - `noReceiver`: no receiver on the network (senders hear `available: false`);
 * - `refuseSession`: the receiver refuses the session (`session_error`);
 * - `failLoad`: the receiver cannot load the media (`load_media_failed`);
 * - `dropAfterLoadMs`: the receiver goes away that long after it started playing.
 */
export interface CastFaults {
  noReceiver: boolean;
  refuseSession: boolean;
  failLoad: boolean;
  dropAfterLoadMs: number | null;
}

export const NO_CAST_FAULTS: CastFaults = {
  noReceiver: false,
  refuseSession: false,
  failLoad: false,
  dropAfterLoadMs: null,
};

/** One end of a connection, as the relay sees it. */
export interface CastPeer<Out> {
  send(message: Out): void;
  close(): void;
}

interface Receiver {
  peer: CastPeer<ToReceiver>;
  name: string;
}

interface Session {
  id: string;
  sender: CastPeer<ToSender>;
  receiver: Receiver;
  drop: unknown;
}

/**
 * The stand-in's local network (pure: peers and timers are passed in). One receiver at a time
 * (the living room's TV; a newer one replaces it) and one session on it: a sender that asks
 * while another casts takes the receiver over, as a second phone does on a real Chromecast.
 */
export class CastRelay {
  #senders = new Set<CastPeer<ToSender>>();
  #receiver: Receiver | null = null;
  #session: Session | null = null;
  #faults: CastFaults = NO_CAST_FAULTS;

  constructor(
    private readonly timers: { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(handle: unknown): void },
    private readonly newId: () => string,
  ) {}

  get faults(): CastFaults {
    return this.#faults;
  }

  setFaults(faults: CastFaults): void {
    this.#faults = faults;
    this.#announce();
  }

  addSender(peer: CastPeer<ToSender>): void {
    this.#senders.add(peer);
    peer.send(this.#availability());
  }

  addReceiver(peer: CastPeer<ToReceiver>, name: string): void {
    const previous = this.#receiver;
    this.#receiver = { peer, name };
    if (previous) {
      this.#endSession('dropped');
      previous.peer.close();
    }
    this.#announce();
  }

  removeSender(peer: CastPeer<ToSender>): void {
    this.#senders.delete(peer);
    if (this.#session?.sender === peer) {
      this.#session.receiver.peer.send({ type: 'session-ended' });
      this.#clearSession();
    }
  }

  removeReceiver(peer: CastPeer<ToReceiver>): void {
    if (this.#receiver?.peer !== peer) return;
    if (this.#session?.receiver.peer === peer) this.#endSession('dropped');
    this.#receiver = null;
    this.#announce();
  }

  fromSender(peer: CastPeer<ToSender>, message: SenderMessage): void {
    const session = this.#session?.sender === peer ? this.#session : null;
    switch (message.type) {
      case 'request-session':
        return this.#startSession(peer);
      case 'load':
        if (!session) return peer.send({ type: 'load-result', ok: false, code: 'session_error' });
        if (this.#faults.failLoad) return peer.send({ type: 'load-result', ok: false, code: 'load_media_failed' });
        return session.receiver.peer.send({ type: 'load', request: message.request });
      case 'command':
        if (!session) return;
        return session.receiver.peer.send(
          message.command === 'setVolume'
            ? { type: 'command', command: 'setVolume', volume: message.volume }
            : message.command === 'setMuted'
              ? { type: 'command', command: 'setMuted', muted: message.muted }
              : { type: 'command', command: message.command },
        );
      case 'end-session':
        if (session) this.#endSession('stopped', message.stop);
        return;
    }
  }

  fromReceiver(peer: CastPeer<ToReceiver>, message: ReceiverMessage): void {
    const session = this.#session?.receiver.peer === peer ? this.#session : null;
    if (!session) return;
    if (message.type === 'status') return session.sender.send({ type: 'status', status: message.status });
    session.sender.send({ type: 'load-result', ok: message.ok, code: message.ok ? null : 'load_media_failed' });
    const dropAfter = this.#faults.dropAfterLoadMs;
    if (message.ok && dropAfter !== null) {
      session.drop = this.timers.setTimeout(() => {
        if (this.#session !== session) return;
        const receiver = session.receiver;
        this.removeReceiver(receiver.peer);
        receiver.peer.close();
      }, dropAfter);
    }
  }

  #startSession(sender: CastPeer<ToSender>): void {
    const receiver = this.#receiver;
    if (!receiver || this.#faults.noReceiver)
      return sender.send({ type: 'session-error', code: 'receiver_unavailable' });
    if (this.#faults.refuseSession) return sender.send({ type: 'session-error', code: 'session_error' });
    // Another sender's session on the same receiver ends: this one takes the TV.
    if (this.#session && this.#session.sender !== sender) this.#endSession('stopped');
    if (this.#session)
      return sender.send({ type: 'session-started', sessionId: this.#session.id, receiver: receiver.name });
    const id = this.newId();
    this.#session = { id, sender, receiver, drop: null };
    receiver.peer.send({ type: 'session-started', sessionId: id });
    sender.send({ type: 'session-started', sessionId: id, receiver: receiver.name });
  }

  /** `stopReceiver` false: the sender leaves and the TV plays on (endCurrentSession(false)). */
  #endSession(reason: 'stopped' | 'dropped', stopReceiver = true): void {
    const session = this.#session;
    if (!session) return;
    this.#clearSession();
    session.sender.send({ type: 'session-ended', reason });
    if (reason === 'stopped' && stopReceiver) session.receiver.peer.send({ type: 'session-ended' });
  }

  #clearSession(): void {
    if (this.#session?.drop !== null && this.#session?.drop !== undefined) this.timers.clearTimeout(this.#session.drop);
    this.#session = null;
  }

  #availability(): ToSender {
    const available = this.#receiver !== null && !this.#faults.noReceiver;
    return { type: 'availability', available, receiver: available ? this.#receiver!.name : null };
  }

  #announce(): void {
    const message = this.#availability();
    for (const sender of this.#senders) sender.send(message);
  }
}
