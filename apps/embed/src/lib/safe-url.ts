/**
 * The embed is framed by strangers' pages and renders URLs that come from an API: only
 * absolute http(s) URLs pass; `javascript:`, `data:` and anything unparsable become null.
 */
export function safeHttpUrl(value: unknown, base?: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
