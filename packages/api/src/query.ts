export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;

/**
 * A query string for `values`, with its leading `?` ('' when nothing is sent). Absent values
 * (undefined, null) are left out rather than sent as "undefined"; an array goes as repeated
 * `name[]=value`, the bracket convention of `/current-viewers?ids[]=…` (SPEC §7), with the
 * brackets literal as the platform's PHP-style parsers expect. Keys keep their order.
 */
export function encodeQuery(values: Readonly<Record<string, QueryValue>> | undefined): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === null) continue;
    const key = encodeURIComponent(name);
    if (isArray(value)) {
      for (const item of value) pairs.push(`${key}[]=${encodeURIComponent(String(item))}`);
    } else {
      pairs.push(`${key}=${encodeURIComponent(String(value))}`);
    }
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

// Array.isArray does not narrow readonly arrays out of a union.
const isArray = (value: QueryValue): value is readonly QueryScalar[] => Array.isArray(value);
