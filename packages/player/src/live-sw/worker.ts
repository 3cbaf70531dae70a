/**
 * The live-manifest service worker's entry (SPEC §3/§4/§7). It sits between the browser's own
 * HLS and the origin for the pages that configure it, and for nothing else: a page that never
 * sent `configure`, a navigation, and every request a page's session does not claim go to the
 * network untouched. Served from the embed's origin at /live-manifest-sw.js (scope: the
 * embed's pages); the passthrough sink's host (sw-host.ts) registers and talks to it.
 */
import { dataResponse } from './data-response.ts';
import { LivePage, type PageEnvironment } from './live-page.ts';
import { SW_CLIENT_LEASE_MS, envelope, isHostMessage, type WorkerToHost } from './sw-messages.ts';

interface Client {
  id: string;
  postMessage(message: unknown): void;
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  clientId: string;
  respondWith(response: Promise<Response>): void;
}
interface MessageFromClient extends ExtendableEvent {
  data: unknown;
  source: Client | null;
}
interface WorkerScope {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; get(id: string): Promise<Client | undefined> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageFromClient) => void): void;
}
const scope = self as unknown as WorkerScope;

const pages = new Map<string, LivePage>();

function environment(clientId: string): PageEnvironment {
  return {
    fetch: (url, signal, credentials) => fetch(url, { signal, cache: 'no-store', credentials }),
    now: () => Date.now(),
    sleep: (ms, signal) =>
      new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      }),
    post(message: WorkerToHost) {
      void scope.clients.get(clientId).then((client) => client?.postMessage(envelope(message)));
    },
    respond: dataResponse,
    log: (message) => console.info(message),
  };
}

/** Pages not heard from within the lease are forgotten: their requests go to the network again. */
function forgetSilentPages(): void {
  const now = Date.now();
  for (const [id, page] of pages) {
    if (now - page.lastHeardMs > SW_CLIENT_LEASE_MS) {
      page.destroy();
      pages.delete(id);
    }
  }
}

// A new version takes over at once and controls the pages already open, so the page that
// registered it can play through it without a reload.
scope.addEventListener('install', (event) => event.waitUntil(scope.skipWaiting()));
scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()));

scope.addEventListener('message', (event) => {
  const client = event.source;
  if (!client || !isHostMessage(event.data)) return;
  forgetSilentPages();
  let page = pages.get(client.id);
  if (!page) {
    page = new LivePage(environment(client.id));
    pages.set(client.id, page);
  }
  page.handle(event.data);
  if (event.data.type === 'destroy') pages.delete(client.id);
});

scope.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate' || event.request.method !== 'GET') return;
  const page = pages.get(event.clientId);
  if (!page) return;
  if (Date.now() - page.lastHeardMs > SW_CLIENT_LEASE_MS) return forgetSilentPages();
  const kind = page.classify(event.request.url);
  if (!kind) return;
  // What the worker does not answer itself goes on as the page's session would send it.
  const upstream = page.upstreamUrl(event.request.url);
  const network = () =>
    upstream === event.request.url ? fetch(event.request) : fetch(upstream, { credentials: page.credentials });
  event.respondWith(
    page.answer(event.request.url, kind).then(
      (response) => response ?? network(),
      () => network(),
    ),
  );
});
