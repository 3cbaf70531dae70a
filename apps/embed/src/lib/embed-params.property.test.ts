/**
 * The query rule (SPEC §2), for generated query strings: each parameter is on exactly when its
 * first value is the text 'true', absent takes its default, and no query makes parsing throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMBED_PARAM_DEFAULTS, parseEmbedParams, type EmbedParams } from './embed-params.ts';

const NAMES = ['muted', 'autoplay', 'allowfullscreen'] as const;
const value = fc.oneof(
  fc.constantFrom('true', 'TRUE', 'True', '1', '', 'false', ' true', 'true ', 'tru%65', 'true&', '%ZZ'),
  fc.string({ maxLength: 8 }),
);
const pair = fc.tuple(fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 6 })), value);

describe('parseEmbedParams under generated queries', () => {
  it('reads each parameter from its first value, exactly "true", else its default when absent', () => {
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 8 }), (pairs) => {
        const query = new URLSearchParams(pairs).toString();
        const parsed = parseEmbedParams(`?${query}`);
        for (const name of NAMES) {
          const first = pairs.find(([key]) => key === name);
          const expected: EmbedParams[typeof name] = first ? first[1] === 'true' : EMBED_PARAM_DEFAULTS[name];
          expect(parsed[name], `${name} in ?${query}`).toBe(expected);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never throws, whatever the raw query text is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (raw) => {
        const parsed = parseEmbedParams(raw);
        for (const name of NAMES) expect(typeof parsed[name]).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });
});
