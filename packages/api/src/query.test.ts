import { catalogue } from '@onair/contracts';
import { describe, expect, it } from 'vitest';
import { routePath } from './client.ts';
import { encodeQuery } from './query.ts';

describe('encodeQuery', () => {
  it('sends nothing for no values, and leaves out undefined and null', () => {
    expect(encodeQuery(undefined)).toBe('');
    expect(encodeQuery({})).toBe('');
    expect(encodeQuery({ cursor: undefined, order: null })).toBe('');
    expect(encodeQuery({ cursor: undefined, order: 'desc' })).toBe('?order=desc');
  });

  it('repeats an array as name[]=value with literal brackets', () => {
    expect(encodeQuery({ ids: [1, 2, 3] })).toBe('?ids[]=1&ids[]=2&ids[]=3');
    expect(encodeQuery({ ids: [] })).toBe('');
  });

  it('percent-encodes keys and values, keeping the key order', () => {
    expect(encodeQuery({ search: 'a b&c=d', cursor: 'eyJ9==' })).toBe('?search=a%20b%26c%3Dd&cursor=eyJ9%3D%3D');
    expect(encodeQuery({ start_time: '2026-11-22T12:00:00Z', end_time: 1 })).toBe(
      '?start_time=2026-11-22T12%3A00%3A00Z&end_time=1',
    );
    expect(encodeQuery({ 'a b': true })).toBe('?a%20b=true');
  });
});

describe('routePath', () => {
  it('fills path parameters percent-encoded', () => {
    expect(routePath(catalogue['channels.v2.info'], { slug: 'a/b' })).toBe('/api/v2/channels/a%2Fb/info');
    expect(routePath(catalogue['channels.v2.user'], { slug: 's', user: 'Jo Do' })).toBe(
      '/api/v2/channels/s/users/Jo%20Do',
    );
  });

  it('writes the community role with its plural suffix', () => {
    const path = routePath(catalogue['internal.community.remove'], { slug: 's', role: 'moderator', username: 'bob' });
    expect(path).toBe('/api/internal/v1/channels/s/community/moderators/bob');
  });

  it('appends the query', () => {
    expect(routePath(catalogue['viewers.current'], undefined, { ids: [7, 8] })).toBe(
      '/current-viewers?ids[]=7&ids[]=8',
    );
    expect(routePath(catalogue['channels.v1.followers'], { slug: 's' }, { search: 'x' })).toBe(
      '/api/v1/channels/s/followers?search=x',
    );
  });

  it('throws on a missing path parameter instead of calling /undefined', () => {
    expect(() => routePath(catalogue['channels.v2.info'], {})).toThrow('Missing path parameter "slug"');
  });
});
