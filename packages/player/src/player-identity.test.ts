import { describe, expect, it } from 'vitest';
import { ExperimentId } from './rules/experiments.ts';
import { NO_IDENTITY } from './rules/request-identity.ts';
import { quality } from './testing/fakes.ts';
import { Q360, setUp, URL_A, useFakeTime } from './testing/player-harness.ts';

/** SPEC §7's identity commands and runtime setExperiment on the Player facade. */
useFakeTime();

describe('who is watching', () => {
  it('is kept for every later sink, given to the current one, and checked', () => {
    const h = setUp();
    h.player.setAuthToken('jwt.one.sig');
    h.player.setClientId('embed');
    h.player.setDeviceId('device-7');
    h.player.setPlayerType('onair-embed');
    h.player.setPlatformName('web');
    h.player.setRequestCredentials('include');
    h.player.load(URL_A);
    const expected = {
      authToken: 'jwt.one.sig',
      clientId: 'embed',
      deviceId: 'device-7',
      playerType: 'onair-embed',
      platformName: 'web',
      credentials: 'include',
    };
    expect(h.sink().host.identity).toEqual(expected);

    h.player.setAuthToken('jwt.two.sig');
    expect(h.sink().called('setIdentity')).toEqual([[{ ...expected, authToken: 'jwt.two.sig' }]]);
    expect(h.sink().host.identity.authToken).toBe('jwt.two.sig');

    // What no request can carry is an error and changes nothing.
    h.player.setAuthToken('two words');
    h.player.setRequestCredentials('everything' as RequestCredentials);
    h.player.setDeviceId('x'.repeat(500));
    expect(h.of('error').map((e) => [e.type, e.code, e.fatal])).toEqual([
      ['InvalidParameter', 1017, false],
      ['InvalidParameter', 1017, false],
      ['InvalidParameter', 1017, false],
    ]);
    expect(h.sink().called('setIdentity')).toHaveLength(1);
    // An empty string clears a value.
    h.player.setAuthToken('');
    expect(h.sink().host.identity).toEqual({ ...expected, authToken: null });
    expect(NO_IDENTITY.credentials).toBe('same-origin');
  });
});

describe('setExperiment', () => {
  const av1 = { ...quality(1080, 6_000_000), codecs: 'av01.0.08M.08,mp4a.40.2' };

  it('assigns at run time: the codec experiments apply from the next source', () => {
    const h = setUp();
    h.player.load(URL_A);
    expect(h.sink().host.onQualities([Q360, av1])).toEqual([]);
    h.player.setExperiment({ id: ExperimentId.Av1, assignment: 'holdback', version: 1, type: 'codec' });
    h.player.load(URL_A);
    expect(h.sink().host.onQualities([Q360, av1])).toEqual([av1]);
    // Re-assigned by id, not added twice.
    h.player.setExperiment({ id: ExperimentId.Av1, assignment: 'treatment', version: 2, type: 'codec' });
    h.player.load(URL_A);
    expect(h.sink().host.onQualities([Q360, av1])).toEqual([]);
  });

  it('refuses an experiment with no id or assignment', () => {
    const h = setUp();
    h.player.setExperiment({ id: '', assignment: 'control', version: 1, type: 'codec' });
    h.player.setExperiment(null as never);
    expect(h.of('error').map((e) => e.code)).toEqual([1018, 1018]);
  });
});
