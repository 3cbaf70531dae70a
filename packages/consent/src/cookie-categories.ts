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
 *   and `sort_*` (one cookie per sortable list, e.g. `sort_videos`).
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
  ],
  functional: ['show_mature_content', 'player_muted', 'player_volume', 'sort_*'],
  performance: ['_ga', '_gid', '_ga*', 'amplitude_*', 'AMP_*', 'ajs_*'],
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
