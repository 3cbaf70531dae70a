/**
 * When is an embed misconfigured? The embedding page wrote a URL (or the platform served a
 * configuration) that no visitor action can fix. The rule, in the order it is checked:
 *
 * 1. The public configuration fails its schema (main.tsx, before anything renders).
 * 2. The URL names no channel: `/` (with or without a query).
 * 3. The query string cannot be parsed: a name or value with malformed percent-encoding
 *    (`?muted=%E0%A4%A`), which URLSearchParams would silently keep as raw text, so the embed
 *    parameters would be guesses.
 *
 * A slug that breaks the slug rule is not "misconfigured": SPEC §5 names its error, 'Invalid
 * channel identifier'. A path no route matches is the 404 route error.
 */
export function isParsableQuery(search: string): boolean {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return true;
  return query.split('&').every((pair) => {
    try {
      // '+' is a space in form encoding and always decodes; only '%' sequences can be malformed.
      decodeURIComponent(pair.replace(/\+/g, ' '));
      return true;
    } catch {
      return false;
    }
  });
}
