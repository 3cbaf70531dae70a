import { describe, expect, it } from 'vitest';
import { asError, captureEarlyErrors, EARLY_ERROR_LIMIT } from './early-errors.ts';

describe('errors before monitoring', () => {
  it('keeps what the page throws and rejects, as data, until taken once', () => {
    const target = new EventTarget() as unknown as Window;
    const early = captureEarlyErrors(target);
    const thrown = new TypeError('boom');
    target.dispatchEvent(Object.assign(new Event('error'), { error: thrown, message: 'Uncaught TypeError: boom' }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'nope' }));
    target.dispatchEvent(Object.assign(new Event('error'), { error: null, message: '' }));
    expect(early.take()).toEqual([
      { message: 'boom', name: 'TypeError', stack: thrown.stack },
      { message: 'nope' },
      { message: 'Script error' },
    ]);
    // Taken: the monitoring SDK hears what comes next itself.
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('later') }));
    expect(early.take()).toEqual([]);
  });

  it('keeps the first few only', () => {
    const target = new EventTarget() as unknown as Window;
    const early = captureEarlyErrors(target);
    for (let i = 0; i < EARLY_ERROR_LIMIT + 5; i++) {
      target.dispatchEvent(Object.assign(new Event('error'), { error: new Error(`e${i}`) }));
    }
    const taken = early.take();
    expect(taken).toHaveLength(EARLY_ERROR_LIMIT);
    expect(taken[0]!.message).toBe('e0');
  });

  it('gives the monitoring logger an Error with the stack as thrown', () => {
    const error = asError({
      message: 'boom',
      name: 'TypeError',
      stack: 'TypeError: boom\n    at https://player.test/a.js:1:1',
    });
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.message, error.stack]).toEqual([
      'TypeError',
      'boom',
      'TypeError: boom\n    at https://player.test/a.js:1:1',
    ]);
  });
});
