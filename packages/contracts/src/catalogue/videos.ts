import { defineRoute } from '../route.ts';
import { notShown } from '../schemas/pages.ts';

/** SPEC §7 "Other channel calls defined", videos. Shapes and payloads are not shown. */
export const videoRoutes = {
  'videos.show': defineRoute({ method: 'GET', path: '/api/v1/video/:id', response: notShown }),
  /** Counting a view needs no payload: the id is in the path. */
  'videos.view': defineRoute({ method: 'POST', path: '/api/v1/video/views/:id', response: notShown }),
  'videos.updateTitle': defineRoute({
    method: 'PUT',
    path: '/api/v1/video/:id/title',
    body: 'json',
    response: notShown,
  }),
  'videos.delete': defineRoute({ method: 'DELETE', path: '/api/v1/video/:id', response: notShown }),
  'videos.update': defineRoute({ method: 'PATCH', path: '/api/v2/videos/:id', body: 'json', response: notShown }),
} as const;
