import { defineRoute } from '../route.ts';
import { notShown } from '../schemas/pages.ts';

/** SPEC §7 "Other channel calls defined", unversioned paths. */
export const unversionedRoutes = {
  'channels.checkUsername': defineRoute({
    method: 'GET',
    path: '/channels/check-username/:name',
    response: notShown,
  }),
  /**
   * The spec's "Content-Type JSON when the body is not form data" implies a form-data call and
   * shows none. Ours is this one: updating the channel is where a banner or avatar upload fits.
   */
  'channels.update': defineRoute({ method: 'PUT', path: '/channels', body: 'form', response: notShown }),
  'channels.addUser': defineRoute({ method: 'POST', path: '/channels/add-user', body: 'json', response: notShown }),
  'channels.removeUser': defineRoute({
    method: 'POST',
    path: '/channels/remove-user',
    body: 'json',
    response: notShown,
  }),
  /** `/channels/{a}/{b}`: what the two segments mean is not shown. */
  'channels.pair': defineRoute({ method: 'GET', path: '/channels/:a/:b', response: notShown }),
} as const;
