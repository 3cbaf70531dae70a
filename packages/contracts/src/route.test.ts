import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineRoute, fillPath, pathParamNames } from './route.ts';

describe('path parameters', () => {
  it('lists names in path order, without a regular expression or literal suffix', () => {
    expect(pathParamNames('/api/v2/channels/:slug/goals/:goalId')).toEqual(['slug', 'goalId']);
    expect(pathParamNames('/c/:slug/community/:role(^[a-z0-9_]+)s/:username')).toEqual(['slug', 'role', 'username']);
    expect(pathParamNames('/current-viewers')).toEqual([]);
  });

  it('fills each parameter percent-encoded and keeps a literal suffix', () => {
    expect(fillPath('/api/v2/channels/:slug/info', { slug: 'a/b?c d' })).toBe('/api/v2/channels/a%2Fb%3Fc%20d/info');
    expect(
      fillPath('/c/:slug/community/:role(^[a-z0-9_]+)s/:username', { slug: 's', role: 'vip', username: 'é' }),
    ).toBe('/c/s/community/vips/%C3%A9');
    expect(fillPath('/api/v1/video/:id', { id: 5001 })).toBe('/api/v1/video/5001');
  });

  it('refuses to build a path with a missing parameter', () => {
    expect(() => fillPath('/api/v2/channels/:slug/users/:user', { slug: 's' })).toThrow(
      'Missing path parameter "user"',
    );
  });
});

describe('defineRoute', () => {
  it('fills the defaults: the product server, no body', () => {
    const route = defineRoute({ method: 'GET', path: '/x/:id', response: z.unknown() });
    expect(route).toMatchObject({ origin: 'site', body: 'none', params: ['id'] });
  });

  it('keeps an explicit origin and body kind', () => {
    const route = defineRoute({ method: 'PUT', path: '/x', origin: 'realtime', body: 'form', response: z.unknown() });
    expect(route).toMatchObject({ origin: 'realtime', body: 'form', params: [] });
  });

  it('rejects a route that takes both a query and a body, a GET body, or a schema on a non-JSON body', () => {
    const query = z.object({ q: z.string() });
    expect(() => defineRoute({ method: 'POST', path: '/x', body: 'json', query, response: z.unknown() })).toThrow(
      'a query or a body',
    );
    expect(() => defineRoute({ method: 'GET', path: '/x', body: 'json', response: z.unknown() })).toThrow('no body');
    expect(() =>
      defineRoute({ method: 'PUT', path: '/x', body: 'form', bodySchema: query, response: z.unknown() }),
    ).toThrow('only a JSON body');
  });
});
