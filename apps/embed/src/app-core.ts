/**
 * The app's router and data layer (the query cache, the platform's API client with the channel
 * contracts' schemas, the public configuration's schema, the player package), evaluated a task after the
 * libraries and a task before the app's screens (main.tsx): the three module evaluations each
 * stay short, where the app's own chunk was one evaluation of 50-100 ms on the 2-core machine
 * (issue 36, no long tasks: the viewer is already watching the early engine's frames).
 * Exported, not merely imported, so that the bundler keeps them in this chunk and the app's
 * chunk shares them (as app-libraries.ts does).
 */
export { createBrowserRouter } from 'react-router';
export { RouterProvider } from 'react-router/dom';
export { channelInfoQuery, playbackUrlQuery } from './channel/queries.ts';
export { pagePlayers } from './player/page-player.ts';
export { readPublicConfig } from './public-config.ts';
export { createQueryClient } from './query-client.ts';
