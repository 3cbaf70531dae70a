import { describe, expect, it } from 'vitest';
import { isParsableQuery } from './embed-url.ts';

describe('isParsableQuery (the misconfigured rule, part 3)', () => {
  it.each([
    '',
    '?',
    '?muted=true',
    '?muted=true&autoplay=false',
    '?a=%20b+c',
    '?muted=%74rue',
    '?x=%E2%9C%93',
    '?a&b=',
  ])('accepts %j', (search) => {
    expect(isParsableQuery(search)).toBe(true);
  });

  it.each(['?muted=%', '?muted=%ZZ', '?muted=true&x=%E0%A4%A', '?%FF=1', 'a=%C3'])('rejects %j', (search) => {
    expect(isParsableQuery(search)).toBe(false);
  });
});
