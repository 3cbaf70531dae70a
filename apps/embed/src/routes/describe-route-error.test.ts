import { data } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EmbedError } from '../lib/embed-error.ts';
import { describeRouteError } from './describe-route-error.ts';

/** React Router's own error for a path no route matches has this shape. */
function routeErrorResponse(status: number) {
  return { status, statusText: 'Not Found', internal: true, data: 'Error: No route matches URL' };
}

describe('describeRouteError', () => {
  it.each([
    ['channel-not-found', 'Channel not found', 'refetch'],
    ['playback-not-found', 'Playback URL not found', 'refetch'],
    ['offline-unfetched', 'Accessing offline page for a channel that has never been fetched', 'open-channel'],
    ['invalid-slug', 'Invalid channel identifier', null],
  ] as const)('%s shows %j with retry %j', (kind, title, retry) => {
    expect(describeRouteError(new EmbedError(kind))).toEqual({ screen: 'error', title, retry, unexpected: false });
  });

  it('a misconfigured embed gets its own screen', () => {
    expect(describeRouteError(new EmbedError('misconfigured'))).toEqual({ screen: 'misconfigured' });
  });

  it('a path no route matches is a 404 without retry', () => {
    expect(describeRouteError(routeErrorResponse(404))).toMatchObject({ title: 'Page not found', retry: null });
  });

  it('anything else is unexpected: a generic message, never its text or stack', () => {
    const view = describeRouteError(new Error('TypeError: x is undefined at foo.js:1'));
    expect(view).toEqual({ screen: 'error', title: 'Something went wrong', retry: 'reload', unexpected: true });
    expect(describeRouteError(data('nope', { status: 500 }))).toMatchObject({ retry: 'reload' });
  });
});
