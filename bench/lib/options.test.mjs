import { describe, expect, it } from 'vitest';
import { DEFAULTS, parseOptions, parseProfile, PLAYER_IDS, QUICK } from './options.mjs';
import { PLAYER_LABELS } from './players.mjs';

describe('parseOptions', () => {
  it("defaults to the issue's figures", () => {
    const options = parseOptions([]);
    expect(options).toMatchObject({
      runs: 3,
      durationS: 120,
      heapAtS: [60, 300],
      players: PLAYER_IDS,
      startupLoads: 5,
    });
    expect(options.profileSteps).toEqual([
      { kbps: 8000, seconds: 20 },
      { kbps: 600, seconds: 20 },
      { kbps: 8000, seconds: 40 },
    ]);
    // one session covers the latency window and the last heap reading
    expect(options.sessionS).toBe(300);
  });

  it('--quick is the short preset, and explicit options still win over it', () => {
    expect(parseOptions(['--quick'])).toMatchObject({ runs: QUICK.runs, durationS: QUICK.durationS });
    expect(parseOptions(['--quick', '--runs=3']).runs).toBe(3);
    expect(parseOptions(['--runs=5', '--quick']).runs).toBe(5);
  });

  it('reads every option', () => {
    const options = parseOptions([
      '--runs=4',
      '--duration=30',
      '--heap-at=40,10',
      '--profile=5000:5,300:5',
      '--players=embed,shaka',
      '--startup-loads=8',
    ]);
    expect(options).toMatchObject({
      runs: 4,
      durationS: 30,
      heapAtS: [10, 40],
      players: ['embed', 'shaka'],
      startupLoads: 8,
    });
    // 0: no start-up loads, the playback session's own start-up gives the first frame
    expect(parseOptions(['--startup-loads=0']).startupLoads).toBe(0);
    expect(options.sessionS).toBe(40);
    expect(options.profileSteps).toHaveLength(2);
  });

  it('knows the embed without MediaSource, with and without the service worker, and runs them by default', () => {
    expect(parseOptions(['--players=embed,embed-sw,embed-native']).players).toEqual([
      'embed',
      'embed-sw',
      'embed-native',
    ]);
    expect(parseOptions([]).players).toEqual(expect.arrayContaining(['embed-sw', 'embed-native', 'native']));
    // every id the options accept is a player with a label, in the tables' order
    expect(Object.keys(PLAYER_LABELS)).toEqual(PLAYER_IDS);
  });

  it('refuses what it does not understand', () => {
    expect(() => parseOptions(['--runs=0'])).toThrow(/--runs/);
    expect(() => parseOptions(['--runs=1.5'])).toThrow(/--runs/);
    expect(() => parseOptions(['--duration=2'])).toThrow(/--duration/);
    expect(() => parseOptions(['--players=embed,vlc'])).toThrow(/vlc/);
    expect(() => parseOptions(['--players=embed-mse'])).toThrow(/embed-mse/);
    expect(() => parseOptions(['--speed=2'])).toThrow(/--speed/);
    expect(() => parseOptions(['--startup-loads=-1'])).toThrow(/--startup-loads/);
    expect(() => parseOptions(['--startup-loads=2.5'])).toThrow(/--startup-loads/);
    expect(() => parseOptions(['quick'])).toThrow(/quick/);
  });
});

describe('parseProfile', () => {
  it('reads kbps:seconds steps', () => {
    expect(parseProfile(DEFAULTS.profile)[1]).toEqual({ kbps: 600, seconds: 20 });
    expect(parseProfile('1500.5:2.5, 400:3')).toEqual([
      { kbps: 1500.5, seconds: 2.5 },
      { kbps: 400, seconds: 3 },
    ]);
  });

  it('needs at least two valid steps', () => {
    expect(() => parseProfile('8000:20')).toThrow(/two steps/);
    expect(() => parseProfile('8000:20,fast')).toThrow(/fast/);
    expect(() => parseProfile('8000:20,0:5')).toThrow(/positive/);
  });
});
