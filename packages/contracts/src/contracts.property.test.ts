/**
 * Bad input, generated, at the boundary: every zod contract the embed and the platform parse
 * with answers any value (random JSON, odd objects, mutated real payloads) with a result, never
 * a throw; and the slug rule is exactly what SPEC §5 says, for any string.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as contracts from './index.ts';

type SafeParser = { safeParse(value: unknown): { success: boolean } };
const schemas = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, SafeParser] =>
    typeof entry[1] === 'object' &&
    entry[1] !== null &&
    typeof (entry[1] as Partial<SafeParser>).safeParse === 'function',
);

const CHANNEL_INFO = {
  id: 101,
  slug: 'studio-live',
  user: { username: 'StudioLive', profile_pic: 'http://127.0.0.1:8080/images/p.svg' },
  banner_image: null,
  livestream: {
    id: 9001,
    is_live: true,
    session_title: 'Building a player',
    viewer_count: 1234,
    viewers: 1234,
    categories: [{ name: 'Software Development', slug: 'software-development' }],
  },
};

/** A real payload with one field replaced by anything, or removed. */
const mutatedInfo = fc
  .record({
    path: fc.constantFrom(
      ['id'],
      ['slug'],
      ['user'],
      ['user', 'username'],
      ['livestream'],
      ['livestream', 'categories'],
      ['livestream', 'viewer_count'],
    ),
    value: fc.oneof(fc.anything(), fc.constant(undefined)),
  })
  .map(({ path, value }) => {
    const copy = structuredClone(CHANNEL_INFO) as Record<string, unknown>;
    let at = copy;
    for (const key of path.slice(0, -1)) {
      if (typeof at[key] !== 'object' || at[key] === null) return copy;
      at = at[key] as Record<string, unknown>;
    }
    at[path.at(-1)!] = value;
    return copy;
  });

describe('zod contracts under generated payloads', () => {
  it(`finds the contracts to check (${schemas.length})`, () => {
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'channelInfoV2Schema',
        'playbackUrlSchema',
        'viewerClientMessageSchema',
        'streamStartedSchema',
      ]),
    );
  });

  it('every contract answers any value with a result, never a throw', () => {
    const value = fc.oneof(
      fc.jsonValue(),
      fc.anything({ withNullPrototype: true, withMap: true, withSet: true }),
      mutatedInfo,
    );
    fc.assert(
      fc.property(value, (input) => {
        for (const [name, schema] of schemas) {
          const result = schema.safeParse(input);
          expect(typeof result.success, name).toBe('boolean');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('channel info takes the real payload and refuses a wrong type where a field is required', () => {
    expect(contracts.channelInfoV2Schema.safeParse(CHANNEL_INFO).success).toBe(true);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.nat())), (wrong) => {
        expect(contracts.channelInfoV2Schema.safeParse({ ...CHANNEL_INFO, id: wrong }).success).toBe(false);
      }),
    );
  });
});

describe('the slug rule (SPEC §5: letters, digits, hyphen and underscore only)', () => {
  const allowed = (c: string) => /^[A-Za-z0-9_-]$/.test(c);

  it('takes any non-empty string of the allowed characters', () => {
    const slug = fc.string({ unit: fc.constantFrom(...'abcXYZ019_-'.split('')), minLength: 1, maxLength: 64 });
    fc.assert(fc.property(slug, (s) => contracts.isValidSlug(s)));
  });

  it('refuses any string with another character, whatever and wherever it is', () => {
    // Mostly allowed characters, so that a single other one (a dot, a space, an é) is the case.
    const unit = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...'aZ09_-'.split('')) },
      { weight: 1, arbitrary: fc.constantFrom('.', ' ', '/', '%', '<', 'é', '\u0000', '\n', '+') },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 24 }), (s) => {
        const expected = s.length > 0 && [...s].every(allowed);
        expect(contracts.isValidSlug(s)).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });
});
