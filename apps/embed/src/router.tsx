import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { pagePlayers } from './player/page-player.ts';
import { LoadingScreen } from './ui/spinner.tsx';
import { channelLoader, offlineLoader, videoLoader } from './routes/channel-loader.ts';
import { ChannelPage } from './routes/channel-page.tsx';
import { MisconfiguredScreen } from './routes/misconfigured-screen.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteErrorScreen } from './routes/route-error-screen.tsx';

/**
 * The embed's two routes (SPEC §2), and a past video's, under one root whose error boundary catches everything,
 * including the 404 for a path no route matches. `/` alone names no channel: misconfigured
 * (the whole rule is in lib/embed-url.ts).
 */
export function createEmbedRouter(queryClient: QueryClient) {
  const router = createBrowserRouter([
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorScreen,
      HydrateFallback: LoadingScreen,
      children: [
        { index: true, Component: MisconfiguredScreen },
        { path: ':slug', loader: channelLoader(queryClient), Component: ChannelPage },
        {
          path: ':slug/offline',
          loader: offlineLoader(queryClient),
          // Its own chunk, fetched alongside the loader's data: a live channel's first frame
          // does not wait for the offline screen's code.
          lazy: async () => ({ Component: (await import('./routes/offline-page.tsx')).OfflinePage }),
        },
        {
          // A past video (the offline screen's latest stream), played in the embed.
          path: ':slug/videos/:videoId',
          loader: videoLoader(queryClient),
          lazy: async () => ({ Component: (await import('./routes/video-page.tsx')).VideoPage }),
        },
      ],
    },
  ]);
  // A player the channel loader started belongs to the screen of that navigation: when
  // another navigation begins before a screen took it, it is deleted rather than left playing.
  let navigating: unknown = null;
  router.subscribe(({ navigation }) => {
    if (navigation.state === 'idle' || navigation.location === navigating) return;
    navigating = navigation.location;
    pagePlayers.discardHeld();
  });
  return router;
}
