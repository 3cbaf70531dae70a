import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChannelStore } from '../channels/channel-store.ts';

/** Fetch destinations of a page loaded inside another page (a frame of some kind). */
const FRAMED_DESTINATIONS = new Set(['iframe', 'frame', 'embed', 'object', 'fencedframe']);

/** What the refused page says: whose channel, and where to watch it instead. */
export interface RefusedEmbedding {
  username: string;
  /** The channel's page on the platform, to open in a new tab. */
  watchUrl: string;
}

/**
 * A channel that lists the sites allowed to embed it (Twitch's `parent`, IVS's allowed origin):
 * whether this request for its page is a frame on a site it does not list. Decided where the
 * browser cannot be argued with: `Sec-Fetch-Dest` says a frame, and the frame's navigation
 * carries the embedding page's origin as its Referer (the default referrer policy sends the
 * origin across sites). A frame with no Referer (a page that sends none) is refused too: its
 * site cannot be shown to be on the list. The platform's own pages (the builder's preview)
 * and a visit of the page itself are always allowed. Null: the page may be served.
 */
export function refusedEmbedding(
  request: FastifyRequest,
  channels: ChannelStore,
  ownOrigins: () => readonly string[],
): RefusedEmbedding | null {
  const slug = /^\/([^/?#]+)/.exec(request.url)?.[1];
  const channel = slug ? channels.get(decodeURIComponentSafe(slug)) : undefined;
  if (!channel?.allowedEmbedders) return null;
  const destination = request.headers['sec-fetch-dest'];
  if (typeof destination !== 'string' || !FRAMED_DESTINATIONS.has(destination)) return null;
  const parent = refererOrigin(request.headers.referer);
  if (parent && (ownOrigins().includes(parent) || channel.allowedEmbedders.includes(parent))) return null;
  return {
    username: channel.username,
    watchUrl: new URL(`/${encodeURIComponent(channel.slug)}`, request.selfOrigin).href,
  };
}

function decodeURIComponentSafe(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function refererOrigin(referer: string | undefined): string | null {
  try {
    return referer ? new URL(referer).origin : null;
  } catch {
    return null;
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page a stranger's frame gets: written copy and a way to watch where the channel allows
 * it, never a blank frame (a `frame-ancestors` refusal would show the browser's own error).
 * No script at all, and a policy that allows none; framed by anyone, since showing this is
 * the point. 403, uncached, and varying with what decided it.
 */
export function sendRefusedEmbedding(reply: FastifyReply, refused: RefusedEmbedding): FastifyReply {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not available on this site</title>
<style>
html,body{height:100%;margin:0}
body{display:grid;place-items:center;background:#0e0e10;color:#efeff1;font:16px/1.5 system-ui,sans-serif;text-align:center}
main{max-width:32rem;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .5rem}
a{color:#bf94ff}
a:focus-visible{outline:2px solid #fff;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>This channel can't be played on this site</h1>
<p>${escapeHtml(refused.username)} allows their channel only on the sites they chose.</p>
<p><a href="${escapeHtml(refused.watchUrl)}" target="_blank" rel="noopener noreferrer">Watch ${escapeHtml(refused.username)} on OnAir</a></p>
</main>
</body>
</html>
`;
  return reply
    .code(403)
    .header('cache-control', 'no-store')
    .header('vary', 'sec-fetch-dest, referer')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *; base-uri 'none'; form-action 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(html);
}
