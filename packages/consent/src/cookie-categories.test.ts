import { describe, expect, it } from 'vitest';
import { classifyCookie } from './cookie-categories.ts';

describe('classifyCookie (SPEC §9 "Cookies")', () => {
  it.each([
    ['onair_session', 'necessary'],
    ['session_token', 'necessary'],
    ['XSRF-TOKEN', 'necessary'],
    ['impersonation_session', 'necessary'],
    ['locale', 'necessary'],
    ['cookie_preferences_set_v1', 'necessary'],
    ['cookie_preferences_set_v2', 'necessary'],
    ['cookie-preferences', 'necessary'],
    ['show_mature_content', 'functional'],
    ['player_muted', 'functional'],
    ['player_volume', 'functional'],
    ['sort_videos', 'functional'],
    ['_ga', 'performance'],
    ['_gid', 'performance'],
    ['_ga_ABC123', 'performance'],
    ['_gat_UA-1', 'performance'],
    ['amplitude_id_abc', 'performance'],
    ['ajs_anonymous_id', 'performance'],
    ['_fbp', 'targeting'],
    ['_gcl_au', 'targeting'],
    ['IDE', 'targeting'],
    ['__gads', 'targeting'],
  ])('%s is %s', (name, category) => {
    expect(classifyCookie(name)).toEqual({ category, known: true });
  });

  // What @datadog/browser-logs v7 stores (names from its source; see the rules' comment).
  it.each([
    ['_dd_s_v2', 'performance'],
    ['_dd_s', 'performance'],
    ['_dd_c_logs_1', 'performance'],
    ['dd_cookie_test_3f1e0c9a-8c1b-4d2e-9f5a-0b6c7d8e9f00', 'necessary'],
    ['dd_site_test_3f1e0c9a-8c1b-4d2e-9f5a-0b6c7d8e9f00', 'necessary'],
    ['_dd_test_3f1e0c9a-8c1b-4d2e-9f5a-0b6c7d8e9f00', 'necessary'],
    ['_dd_tab_id', 'necessary'],
    ['onair_cookie_probe', 'necessary'],
  ])('monitoring and probe storage: %s is %s', (name, category) => {
    expect(classifyCookie(name)).toEqual({ category, known: true });
  });

  it('lets the longer pattern win: _gac_* (ads) over _ga* (analytics)', () => {
    expect(classifyCookie('_gac_UA-1').category).toBe('targeting');
  });

  it('matches names case-sensitively, as browsers do', () => {
    expect(classifyCookie('xsrf-token').known).toBe(false);
  });

  it('treats a pattern character in a rule literally (no regexp injection)', () => {
    expect(classifyCookie('sortXvideos').known).toBe(false);
  });

  it('defaults an unknown cookie to targeting and says it is unknown', () => {
    expect(classifyCookie('mystery')).toEqual({ category: 'targeting', known: false });
  });
});
