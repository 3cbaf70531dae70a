import { describe, expect, it } from 'vitest';
import { UNKNOWN_ERROR_MESSAGE, errorMessage } from './message.ts';

describe('errorMessage (SPEC §8 order)', () => {
  it('1. takes data.message first, even from an Error that also has a message', () => {
    expect(errorMessage({ data: { message: 'Channel not found' }, status: 404, statusText: 'Not Found' })).toBe(
      'Channel not found',
    );
    expect(errorMessage(Object.assign(new Error('outer'), { data: { message: 'from body' } }))).toBe('from body');
  });

  it('2. then an Error’s message followed by its cause', () => {
    expect(errorMessage(new Error('Failed to fetch', { cause: new Error('ECONNREFUSED') }))).toBe(
      'Failed to fetch: ECONNREFUSED',
    );
    expect(errorMessage(new Error('Load failed', { cause: 'offline' }))).toBe('Load failed: offline');
    expect(errorMessage(new Error('Load failed', { cause: { message: 'DNS' } }))).toBe('Load failed: DNS');
    expect(errorMessage(new Error('alone', { cause: 42 }))).toBe('alone');
    expect(errorMessage(new TypeError('plain'))).toBe('plain');
  });

  it('2 before 3: an Error’s own message wins over a non-message data field', () => {
    expect(errorMessage(Object.assign(new Error('own'), { data: { text: 'x' } }))).toBe('own');
  });

  it('3. then a plain object’s message, when data carries none', () => {
    expect(errorMessage({ message: 'plain', data: { message: '' } })).toBe('plain');
    expect(errorMessage({ message: 'plain', data: 'Bad Gateway' })).toBe('plain');
  });

  it('4. then a string', () => {
    expect(errorMessage('No token received from query')).toBe('No token received from query');
  });

  it('5. then a number', () => {
    expect(errorMessage(404)).toBe('404');
    expect(errorMessage(0)).toBe('0');
  });

  it('6. otherwise the unknown-error message', () => {
    for (const value of [undefined, null, '', {}, { message: 3 }, new Error(''), Number.NaN, [], true]) {
      expect(errorMessage(value)).toBe(UNKNOWN_ERROR_MESSAGE);
    }
    expect(UNKNOWN_ERROR_MESSAGE).toBe('An unknown error occurred');
  });
});
