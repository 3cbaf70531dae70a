import { vi } from 'vitest';

/** A logger whose calls tests can read; `messages(level)` gives the first arguments. */
export function recordingLogger() {
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const messages = (level: 'info' | 'warn' | 'error'): string[] =>
    logger[level].mock.calls.map((call: unknown[]) => String(call[0]));
  return Object.assign(logger, { messages });
}
