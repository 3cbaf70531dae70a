import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stranger's site for the cross-site journeys: a real server on loopback, visited as
 * `http://localhost:<port>` while the embed lives on `127.0.0.1`, so the two are different
 * sites (not only different origins) and the embed is a third-party frame, with the storage
 * and cookie rules a real embedding site gets. (Chromium lets a page reach a loopback address
 * only from a loopback one, so the stranger is on loopback too.)
 */
export interface HostSite {
  /** `http://localhost:<port>` */
  origin: string;
  /** Serves `html` at `path` (replacing what was there). */
  serve(path: string, html: string): void;
  close(): Promise<void>;
}

export async function startHostSite(): Promise<HostSite> {
  const pages = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const html = pages.get(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (html === undefined) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    serve: (path, html) => void pages.set(path, html),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A blog post with the embed in it, as a site pastes our snippet. */
export function hostPageWithEmbed(
  src: string,
  iframeAttributes = 'allow="autoplay; fullscreen" allowfullscreen',
): string {
  return `<!doctype html><html lang="en"><title>A stranger's blog</title>
<h1>Watch along</h1>
<iframe id="onair" title="OnAir player" src="${src}" width="640" height="360" ${iframeAttributes}></iframe>
<p>Comments below.</p></html>`;
}
