import type { Timers } from '../types/environment.ts';

/**
 * How the engine's loops wait: for "something changed" (a playlist, a command) or a delay,
 * and how every waiting loop is woken at once (a restart, a destroy) so it can see that its
 * generation is over. No loop ever waits on something nobody will signal.
 */
export class Wakeups {
  private waiting: (() => void)[] = [];

  constructor(private readonly timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>) {}

  /** Resolves at the next `wake()`. */
  changed(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Resolves after `ms`, or at the next `wake()` if sooner. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = this.timers.setTimeout(resolve, ms);
      this.waiting.push(() => {
        this.timers.clearTimeout(timer);
        resolve();
      });
    });
  }

  wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
