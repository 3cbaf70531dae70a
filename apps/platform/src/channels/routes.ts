import { channelRoutePatterns, isValidSlug } from '@onair/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../http-error.ts';
import type { ChannelRecord, ChannelStore } from './channel-store.ts';
import { channelInfoView, channelVideosView, playbackUrlOf } from './channel-views.ts';

/** The platform's own origin for the request (self-origin.ts), never a Host header as sent. */
export function requestOrigin(request: FastifyRequest): string {
  return request.selfOrigin;
}

/** Gives a private channel's playback URL its token (playback-auth/); absent: every channel is public. */
export interface PlaybackTokens {
  tokenize(url: string, channel: ChannelRecord, pageOrigin: string): Promise<string>;
}

/** SPEC §7 "Used by the embed": channel info v2, playback URL and videos. */
export function registerChannelRoutes(app: FastifyInstance, store: ChannelStore, tokens?: PlaybackTokens): void {
  const lookup = (request: FastifyRequest<{ Params: { slug: string } }>) => {
    const { slug } = request.params;
    return isValidSlug(slug) ? store.get(slug) : undefined;
  };

  app.get<{ Params: { slug: string } }>(channelRoutePatterns.info, async (request, reply) => {
    const channel = lookup(request);
    if (!channel) return sendError(reply, 404, 'Channel not found');
    const origin = requestOrigin(request);
    return channelInfoView(channel, (path) => new URL(path, origin).href);
  });

  app.get<{ Params: { slug: string } }>(channelRoutePatterns.playbackUrl, async (request, reply) => {
    const channel = lookup(request);
    if (!channel) return sendError(reply, 404, 'Channel not found');
    const url = playbackUrlOf(channel, requestOrigin(request));
    // A private channel's URL carries a token for the embed's own pages, the only player of it
    // here: a token minted for whichever origin asked would let any site play the channel.
    if (url && channel.playbackAuth && tokens) {
      reply.header('cache-control', 'no-store');
      return { data: await tokens.tokenize(url, channel, requestOrigin(request)) };
    }
    return { data: url };
  });

  app.get<{ Params: { slug: string } }>(channelRoutePatterns.videos, async (request, reply) => {
    const channel = lookup(request);
    if (!channel) return sendError(reply, 404, 'Channel not found');
    const origin = requestOrigin(request);
    return channelVideosView(channel, (path) => new URL(path, origin).href);
  });
}
