import { OnAirCommandError, type FailureReason } from './command-error.ts';
import type { Command, Reply, ReplyValue } from './protocol.ts';

/** The clock the calls' deadlines run on (injected: tests use fake timers). */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

interface Call {
  command: Command['command'];
  resolve: (value: ReplyValue | undefined) => void;
  reject: (error: OnAirCommandError) => void;
  timer: unknown;
}

/**
 * Commands awaiting their reply, by id. Each has one deadline at a time; when it passes, the
 * call fails with the deadline's reason and a late reply is ignored. Every call settles once.
 */
export class PendingCalls {
  private readonly calls = new Map<string, Call>();

  constructor(private readonly timers: Timers) {}

  /** A call that resolves with its reply's value, or fails with `reason` after `ms`. */
  open(id: string, command: Command['command'], ms: number, reason: FailureReason): Promise<ReplyValue | undefined> {
    return new Promise((resolve, reject) => {
      this.calls.set(id, { command, resolve, reject, timer: null });
      this.deadline(id, ms, reason);
    });
  }

  has(id: string): boolean {
    return this.calls.has(id);
  }

  /** Replaces the call's deadline (a queued command gets the reply deadline once it is sent). */
  deadline(id: string, ms: number, reason: FailureReason): void {
    const call = this.calls.get(id);
    if (!call) return;
    this.timers.clearTimeout(call.timer);
    call.timer = this.timers.setTimeout(() => this.fail(id, reason), ms);
  }

  /** Settles the call a reply answers; false when no call waits for it (late or unknown). */
  settle(reply: Reply): boolean {
    const call = this.take(reply.id);
    if (!call) return false;
    if (reply.ok) call.resolve(reply.value);
    else call.reject(new OnAirCommandError(call.command, reply.reason));
    return true;
  }

  fail(id: string, reason: FailureReason): void {
    const call = this.take(id);
    call?.reject(new OnAirCommandError(call.command, reason));
  }

  failAll(reason: FailureReason): void {
    for (const id of [...this.calls.keys()]) this.fail(id, reason);
  }

  private take(id: string): Call | undefined {
    const call = this.calls.get(id);
    if (!call) return undefined;
    this.calls.delete(id);
    this.timers.clearTimeout(call.timer);
    return call;
  }
}
