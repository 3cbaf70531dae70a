/**
 * SPEC §9 "Cookies": which category each cookie belongs to. A rule is an exact name or a
 * pattern with `*` (any run of characters). An exact name wins over any pattern; among patterns
 * the one with the most literal characters wins, so `_gac_*` (ads, targeting) beats `_ga*`
 * (analytics, performance).
 *
 * The names the spec leaves open are ours:
 * - product session `onair_session`, bearer-token cookie `session_token`, impersonation
 *   `impersonation_session`, locale `locale`; bot-protection clearance cookies are necessary
 *   because the protected calls fail without them;
 * - functional: `show_mature_content` (mature-content toggle), `player_muted`, `player_volume`,
 *   and `sort_*` (one cookie per sortable list, e.g. `sort_videos`);
 * - `onair_cookie_probe`, the store's test of which cookies a frame can keep (`probeCookieReach`):
 *   necessary, as it holds '1' and is deleted as soon as it is read back.
 *
 * The error-monitoring SDK (`@datadog/browser-logs` v7, names read from its source):
 * - `_dd_s_v2` (and the `_dd_s` of earlier versions, still read) is its session cookie: a session
 *   id for up to 4 hours and, with `trackAnonymousUser` (on by default), an anonymous id renewed
 *   for a year. It ties page loads and visits of one browser together, which is what analytics
 *   cookies are for, so it is performance. `_dd_c_*` (contexts kept across pages in local
 *   storage, `storeContextsAcrossPages`) likewise.
 * - `dd_cookie_test_*` and `dd_site_test_*` are probes like ours (the value 'test', deleted at
 *   once), and `_dd_test_*` the same for local storage: necessary.
 * - `_dd_tab_id` (session storage) is a random id of the browser tab that the browser discards
 *   with the tab: it groups one tab's reports and, like a session cookie, knows nothing beyond
 *   the tab, so it is necessary (a cross-site frame has no session storage: it stays in memory).
 * The embed runs the SDK with its session in memory and no anonymous id, so of these it writes
 * only `_dd_tab_id` (docs/consent.md, "Error monitoring"); should that configuration change,
 * the monitoring package asks consent for the category of what it would then store.
 */

export type CookieCategory = 'necessary' | 'functional' | 'performance' | 'targeting';
export const COOKIE_CATEGORIES: readonly CookieCategory[] = ['necessary', 'functional', 'performance', 'targeting'];

export const COOKIE_CATEGORY_RULES: Readonly<Record<CookieCategory, readonly string[]>> = {
  necessary: [
    'onair_session',
    'session_token',
    'XSRF-TOKEN',
    'impersonation_session',
    'locale',
    'cookie_preferences_set_v1',
    'cookie_preferences_set_*',
    'cookie-preferences',
    'cf_clearance',
    '__cf_bm',
    'onair_cookie_probe',
    'dd_cookie_test_*',
    'dd_site_test_*',
    '_dd_test_*',
    '_dd_tab_id',
  ],
  functional: ['show_mature_content', 'player_muted', 'player_volume', 'player_captions', 'sort_*'],
  performance: ['_ga', '_gid', '_ga*', 'amplitude_*', 'AMP_*', 'ajs_*', '_dd_s', '_dd_s_v2', '_dd_c_*'],
  targeting: [
    '_fbp',
    '_fbc',
    'fr',
    '_gcl_*',
    '_gac_*',
    'IDE',
    'test_cookie',
    '__gads',
    '__gpi',
    '_uetsid',
    '_uetvid',
    'MUID',
    '_ttp',
  ],
};

export interface CookieClassification {
  readonly category: CookieCategory;
  /** false when no rule matched and the name fell back to targeting (SPEC §5). */
  readonly known: boolean;
}

interface PatternRule {
  readonly pattern: RegExp;
  readonly literalLength: number;
  readonly category: CookieCategory;
}

const exactRules = new Map<string, CookieCategory>();
const patternRules: PatternRule[] = [];

for (const category of COOKIE_CATEGORIES) {
  for (const rule of COOKIE_CATEGORY_RULES[category]) {
    if (!rule.includes('*')) {
      exactRules.set(rule, category);
      continue;
    }
    const source = rule
      .split('*')
      .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    patternRules.push({ pattern: new RegExp(`^${source}$`), literalLength: rule.replaceAll('*', '').length, category });
  }
}
patternRules.sort((a, b) => b.literalLength - a.literalLength);

/** Cookie names are case-sensitive, so the match is too. */
export function classifyCookie(name: string): CookieClassification {
  const exact = exactRules.get(name);
  if (exact !== undefined) return { category: exact, known: true };
  const match = patternRules.find((rule) => rule.pattern.test(name));
  if (match !== undefined) return { category: match.category, known: true };
  return { category: 'targeting', known: false };
}
