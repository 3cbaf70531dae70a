/**
 * Ends the current task and resumes in a new one, so that the work before and after it are
 * two tasks rather than one long one (issue 36: no long tasks). The app's start (its modules,
 * the router with the channel's loader, React's first render) is about 90 ms of main-thread
 * work in one task otherwise, while the viewer already watches the early engine's frames.
 *
 * `scheduler.yield()` resumes ahead of other queued tasks where the browser has it (Chromium
 * 129 and later); elsewhere a message posts a task without setTimeout's clamping.
 */
interface YieldingScheduler {
  yield(): Promise<void>;
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
