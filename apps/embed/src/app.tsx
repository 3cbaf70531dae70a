import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { ConfigProvider } from './config-context.tsx';
import { setHostNavigation } from './host-api/host-navigation.ts';
import { startHostApi } from './host-api/use-host-api.ts';
import { startMonitoringAfterFirstFrame } from './monitoring.ts';
import { WebSocketProvider } from './realtime/websocket-provider.tsx';
import { afterFirstFrame } from './start-up.ts';
import { CONFIG_ELEMENT_ID, readPublicConfig } from './public-config.ts';
import { createQueryClient } from './query-client.ts';
import { createEmbedRouter } from './router.tsx';
import { MisconfiguredScreen } from './routes/misconfigured-screen.tsx';
// Inter, self-hosted (latin subset, the two weights the screens use): text renders the same on
// every machine, which the screenshot references depend on, and no font CDN learns who watches.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
import { configureZodMessages } from './lib/zod-messages.ts';
import { yieldToMain } from './lib/yield-to-main.ts';
import './styles.css';

// Read by the start-up benchmark: when the app's code begins to run, after its modules.
performance.mark('onair:app-start');

// A promise nobody awaited must not surface to the visitor; monitoring still sees it.
window.addEventListener('unhandledrejection', (event) => {
  console.warn('Unhandled rejection in the embed', event.reason);
  event.preventDefault();
});

configureZodMessages();

/**
 * The app starts in three tasks, not one (issue 36, no long tasks: the viewer is already
 * watching the early engine's frames): its modules' evaluation; the router, whose channel
 * loader adopts the early engine; React's first render. Not a top-level await: the bundler then
 * keeps about 7 KiB gzip more of the libraries. main.tsx waits for `started` (a failure shows
 * its copy). The host page is told `ready` only once a player command has a player to reach
 * (host-api/host-window.ts), so the later render costs a host page nothing.
 */
export const started = start();

async function start(): Promise<void> {
  await yieldToMain();
  const root = document.getElementById('root');
  const config = readPublicConfig();
  if (root && !config.ok) {
    // The rule: configuration that fails its schema makes the embed misconfigured (logged with
    // the offending keys for whoever deployed it), never a half-working player.
    console.error(config.error.message);
    // Reported too, where the monitoring setting alone is usable (a chunk of its own: no
    // well-configured embed loads it).
    const { error } = config;
    const configText = document.getElementById(CONFIG_ELEMENT_ID)?.textContent ?? '{}';
    void import('./misconfigured-report.ts').then(({ reportMisconfiguration }) =>
      reportMisconfiguration(configText, error),
    );
    createRoot(root).render(<MisconfiguredScreen />);
  } else if (root && config.ok) {
    startMonitoringAfterFirstFrame(config.config.monitoringClientToken, config.config.monitoringSession);
    // A framed embed's bridge starts listening now; it says ready once the route has settled.
    void startHostApi();
    // Consent is enforced on every page (withdrawn cookies deleted, choices from elsewhere
    // followed), once the first frame is out.
    const { config: publicConfig } = config;
    // Its code (the consent package and its schemas) is a chunk of its own, fetched then.
    void afterFirstFrame()
      .then(() => import('./consent.ts'))
      .then(({ consentStore }) => consentStore(publicConfig));
    const queryClient = createQueryClient();
    const router = createEmbedRouter(queryClient);
    // The host page's setChannel moves the frame as a link would: no reload.
    setHostNavigation((path) => void router.navigate(path));
    await yieldToMain();
    // Rendered at once, not as a transition: the router's provider takes the router's state
    // when it renders and subscribes when it commits, so a navigation that settled in between
    // (a loader's answer while a sliced render yielded) was lost, and the screen stayed on its
    // spinner.
    createRoot(root).render(
      <StrictMode>
        <ConfigProvider config={config.config}>
          <QueryClientProvider client={queryClient}>
            <WebSocketProvider>
              <RouterProvider router={router} />
            </WebSocketProvider>
          </QueryClientProvider>
        </ConfigProvider>
      </StrictMode>,
    );
  }
}
