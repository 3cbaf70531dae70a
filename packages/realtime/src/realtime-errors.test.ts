import { describe, expect, it } from 'vitest';
import { classifyRealtimeError, reportRealtimeError } from './realtime-errors.ts';
import { recordingLogger } from './testing/logger.ts';

const pusherError = (code: number | undefined, message = 'm') => ({
  type: 'PusherError',
  data: code === undefined ? { message } : { code, message },
});

describe('classifyRealtimeError', () => {
  it.each([4000, 4001, 4003, 4004, 4005, 4006, 4007, 4008, 4009])('code %i is critical', (code) => {
    expect(classifyRealtimeError(pusherError(code))).toEqual({ kind: 'critical', code, message: 'm' });
  });

  it.each([4002, 4010, 4100, 4200, 1006, 4999])('code %i is a warning', (code) => {
    expect(classifyRealtimeError(pusherError(code))).toEqual({ kind: 'warning', code, message: 'm' });
  });

  it('a PusherError without a code is a warning', () => {
    expect(classifyRealtimeError(pusherError(undefined))).toEqual({ kind: 'warning', message: 'm' });
  });

  it.each([
    ['null', null],
    ['a string', 'error'],
    ['another type', { type: 'WebSocketError', error: {} }],
    ['no data', { type: 'PusherError' }],
    ['a message that is not a string', { type: 'PusherError', data: { code: 4001 } }],
    ['a code that is not a number', { type: 'PusherError', data: { code: '4001', message: 'm' } }],
  ])('%s is unexpected', (_label, value) => {
    expect(classifyRealtimeError(value)).toEqual({ kind: 'unexpected', value });
  });
});

describe('reportRealtimeError', () => {
  it('logs critical as error, the rest as warnings, the malformed as an unexpected structure', () => {
    const logger = recordingLogger();
    reportRealtimeError(logger, pusherError(4004, 'over quota'));
    reportRealtimeError(logger, pusherError(4201, 'pong missed'));
    reportRealtimeError(logger, { nope: true });

    expect(logger.messages('error')).toEqual(['[realtime] critical error 4004: over quota']);
    expect(logger.messages('warn')).toEqual([
      '[realtime] error 4201: pong missed',
      '[realtime] error with an unexpected structure',
    ]);
  });
});
