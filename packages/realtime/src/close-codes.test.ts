import { describe, expect, it } from 'vitest';
import { classifyCloseCode, logClose } from './close-codes.ts';
import { recordingLogger } from './testing/logger.ts';

describe('classifyCloseCode', () => {
  it.each([
    [1000, 'normal'],
    [1001, 'normal'],
    [1002, 'normal'],
    [1003, 'critical'],
    [1005, 'normal'],
    [1006, 'abnormal'],
    [1007, 'critical'],
    [1008, 'normal'],
    [1009, 'critical'],
    [1010, 'normal'],
    [1011, 'critical'],
    [1012, 'critical'],
    [1013, 'critical'],
    [1014, 'critical'],
    [1015, 'critical'],
    [3000, 'normal'],
    [3999, 'normal'],
    [4000, 'critical'],
    [4001, 'critical'],
    [4999, 'critical'],
  ] as const)('%i is %s', (code, severity) => {
    expect(classifyCloseCode(code)).toBe(severity);
  });
});

describe('logClose', () => {
  it('logs critical as error, abnormal as warning and normal as info', () => {
    const logger = recordingLogger();
    logClose(logger, 1011, 'server error');
    logClose(logger, 1006, '');
    logClose(logger, 1000, '');

    expect(logger.messages('error')).toEqual(['[viewer-socket] closed (critical) with code 1011: server error']);
    expect(logger.messages('warn')).toEqual(['[viewer-socket] closed (abnormal) with code 1006']);
    expect(logger.messages('info')).toEqual(['[viewer-socket] closed (normal) with code 1000']);
  });

  it('accepts a logger without info', () => {
    const { warn, error } = recordingLogger();
    expect(logClose({ warn, error }, 1000, '')).toBe('normal');
  });
});
