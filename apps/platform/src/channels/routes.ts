import { channelRoutePatterns, isValidSlug } from '@onair/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../http-error.ts';
import type { ChannelStore } from './channel-store.ts';
import { channelInfoView, channelVideosView } from './channel-views.ts';

/** The platform's own origin for the request (self-origin.ts), never a Host header as sent. */
export function requestOrigin(request: FastifyRequest): string {
  return request.selfOrigin;
}

/** SPEC §7 "Used by the embed": channel info v2, playback URL and videos. */
export function registerChannelRoutes(app: FastifyInstance, store: ChannelStore): void {
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
    // The URL exists whether or not the channel is live (the origin 404s while offline),
    // as a real platform's does; only a channel without one answers null.
    const prefix = channel.packaging === 'mpegts' ? '/hls-ts' : '/hls';
    const own = () => new URL(`${prefix}/${encodeURIComponent(channel.slug)}/master.m3u8`, requestOrigin(request)).href;
    const url = channel.playback ? (channel.playbackUrl ?? own()) : null;
    return { data: url };
  });

  app.get<{ Params: { slug: string } }>(channelRoutePatterns.videos, async (request, reply) => {
    const channel = lookup(request);
    if (!channel) return sendError(reply, 404, 'Channel not found');
    const origin = requestOrigin(request);
    return channelVideosView(channel, (path) => new URL(path, origin).href);
  });
}
