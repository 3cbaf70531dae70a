import { earlyDataFor, pageSlug } from './early-data.ts';
import { externalPlaylists } from './external-playlists.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { ChannelStore, seedChannels, type ChannelRecord } from './channels/channel-store.ts';
import { playbackOrigins } from './channels/channels-file.ts';
import { registerCatalogueRoutes } from './catalogue/routes.ts';
import { registerBuilder } from './builder-routes.ts';
import { registerPlayground } from './playground-page.ts';
import { registerChannelRoutes } from './channels/routes.ts';
import { isEmbedPath, registerEmbed, type EmbedPageHandler, type EmbedPolicy } from './embed-static.ts';
import { sendError } from './http-error.ts';
import { registerAdminGate, type AdminAccess } from './admin-gate.ts';
import { loopbackOrigins, registerSelfOrigin } from './self-origin.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerSdk } from './sdk-static.ts';
import { registerFaultInjector } from './faults/index.ts';
import { registerPlaybackAuth } from './playback-auth/index.ts';
import { registerProtection } from './protection/index.ts';
import { refusedEmbedding } from './embedding/allowed-embedders.ts';
import { registerDeviceIdentification } from './identity/index.ts';
import { registerAnalyticsIntake } from './analytics-intake.ts';
import { registerCastStandIn } from './cast/index.ts';
import { registerMonitoringIntake } from './monitoring-intake.ts';
import { discoveryLookup } from './oembed/channel-facts.ts';
import { servedImageSizes } from './oembed/image-size.ts';
import { registerOEmbedRoutes } from './oembed/routes.ts';
import { defaultFixtureDir, defaultTsFixtureDir, loadFixture, registerLiveOrigin } from './origin/index.ts';
import { registerVodOrigin } from './origin/vod-routes.ts';
import { loadTsFixture, registerTsOrigin, TS_RENDITION } from './origin/ts-routes.ts';
import { registerRealtime } from './realtime/index.ts';
import { registerViewerService, type ViewerServiceOptions } from './viewers/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface PlatformOptions {
  /** Wall clock in ms; inject a fixed one in tests. */
  now?: () => number;
  channels?: readonly ChannelRecord[];
  /** PKCS #8 PEM of the playback-token signing key (ES384); else PLAYBACK_SIGNING_KEY, else one made at start. */
  playbackSigningKey?: string;
  fixtureDir?: string;
  /** The MPEG-TS channel's segments (default apps/platform/media/fixture-ts). */
  tsFixtureDir?: string;
  /** Built embed (apps/embed/dist). Missing → a plain-text hint instead of the SPA. */
  embedDir?: string;
  logger?: boolean;
  /**
   * The testing hooks under `/admin/...` (fault injectors, request log, stream start and end,
   * the intakes' event lists): mounted only when given, and answered only for its token
   * (admin-gate.ts). Default: none.
   */
  admin?: AdminAccess | null;
  /**
   * The origins the platform answers as (`http://host:port`, the first canonical): its own
   * service URLs are built on the request's when it is one of these, else on the first.
   * Default: the loopback names at the port it listens on.
   */
  origins?: readonly string[];
  /** Who may frame the embed and where else its media may come from (embed-static.ts). */
  embedPolicy?: EmbedPolicy;
  /** Viewer websocket service: client token, token secret and lifetime, presence timings (viewers/). */
  viewers?: ViewerServiceOptions;
  /** Redis shared by several platform processes for viewer presence (default env REDIS_URL; unset: memory). */
  redisUrl?: string;
  /** How long a client may take to send a whole request, headers and body (default REQUEST_TIMEOUT). */
  requestTimeout?: RequestTimeout;
}

export interface RequestTimeout {
  /** From the first byte of a request to its last (ms). */
  ms: number;
  /** How often the server looks for requests past it (ms): the timeout's resolution. */
  checkEveryMs: number;
}

/**
 * A stranger who sends a request slowly (headers or body a byte at a time) holds a socket and
 * a parser for as long as they like without it: 10 s is far beyond the platform's largest
 * body (64 KiB of monitoring events), and a request past it is answered 408 and closed. It
 * bounds receiving the request only: answers the platform holds (blocking playlist reloads,
 * injected stalls) and websockets are not cut.
 */
export const REQUEST_TIMEOUT: RequestTimeout = { ms: 10_000, checkEveryMs: 1000 };

export interface Platform {
  app: FastifyInstance;
  channels: ChannelStore;
}

export const defaultEmbedDir = path.resolve(here, '../../embed/dist');

/**
 * The whole platform stand-in as one Fastify instance, not listening: `main.ts` listens on
 * PORT, tests inject requests or listen on port 0.
 */
export async function createPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const now = options.now ?? Date.now;
  const channels = new ChannelStore(options.channels ?? seedChannels());
  const fixture = loadFixture(options.fixtureDir ?? defaultFixtureDir);

  // A path the router cannot decode (`/%ZZ`) is still an embed URL a stranger's page may
  // frame: the embed answers it with its own error screen instead of a bare 400 JSON body.
  let embedPage: EmbedPageHandler | null = null;
  const timeout = options.requestTimeout ?? REQUEST_TIMEOUT;
  const app = Fastify({
    logger: options.logger ?? false,
    requestTimeout: timeout.ms,
    http: { headersTimeout: timeout.ms, connectionsCheckingInterval: timeout.checkEveryMs },
    frameworkErrors(error, request, reply) {
      const badEmbedUrl =
        error.code === 'FST_ERR_BAD_URL' &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        isEmbedPath(request.url);
      if (badEmbedUrl && embedPage) return embedPage(request, reply);
      return sendError(reply, error.statusCode ?? 400, error.message);
    },
  });

  const admin = Boolean(options.admin);
  /** The origins its own pages (the embed, the receiver page) are served on. */
  const ownOrigins = (): readonly string[] => {
    const address = app.server.address();
    return options.origins ?? loopbackOrigins(typeof address === 'object' && address ? address.port : 80);
  };
  registerSelfOrigin(app, options.origins);
  registerSecurityHeaders(app);
  if (options.admin) registerAdminGate(app, options.admin);
  // Private channels: the origin's token gate, and their playback URLs' tokens (playback-auth/).
  const tokens = await registerPlaybackAuth(app, { channels, now, admin, signingKey: options.playbackSigningKey });
  registerChannelRoutes(app, channels, tokens);
  registerCatalogueRoutes(app, channels);
  registerOEmbedRoutes(app, { channels, imageSize: servedImageSizes(path.resolve(here, '../public/images')) });
  const liveOrigin = await registerLiveOrigin(app, {
    fixture,
    now,
    isLive: (slug) => channels.isLive(slug),
    dvrWindowSize: (slug) => {
      const seconds = channels.get(slug)?.dvrWindowSeconds;
      return seconds === undefined ? undefined : Math.round((seconds * 1000) / fixture.segmentDurationMs);
    },
    subtitles: (slug) => channels.get(slug)?.subtitles,
    audioOnly: (slug) => channels.get(slug)?.audioOnlyRendition === true,
  });
  // DRM-protected channels: encrypted media, the key system in the playlists, a license server.
  registerProtection(app, { fixture, admin, isProtected: (slug) => channels.get(slug)?.protection === 'clearkey' });
  registerVodOrigin(app, { fixture, videoDuration: (id) => channels.video(id)?.duration });
  const low = fixture.renditions.find((r) => r.name === TS_RENDITION) ?? fixture.renditions[0]!;
  registerTsOrigin(app, {
    fixture: loadTsFixture(options.tsFixtureDir ?? defaultTsFixtureDir, {
      width: low.width,
      height: low.height,
      bandwidth: low.bandwidth,
      codecs: low.codecs,
    }),
    now,
    isLive: (slug) => channels.get(slug)?.packaging === 'mpegts' && channels.isLive(slug),
  });
  if (admin) {
    await registerFaultInjector(app, { channelExists: (slug) => channels.get(slug) !== undefined });
  }
  registerMonitoringIntake(app, { admin });
  registerAnalyticsIntake(app, { admin });
  await registerDeviceIdentification(app, { admin, now });
  // Request ids are checked on the clock identification signs them with.
  await registerRealtime(app, { channels, admin, requestIds: { now }, streamClock: now });
  // The stand-in Chromecast is one room for everyone who can reach it (whoever connects as the
  // receiver sees every caster's stream URL): a testing hook, mounted only with the others, and
  // the embed is pointed at it only then.
  if (admin) registerCastStandIn(app, { admin, origins: ownOrigins });
  await registerViewerService(app, {
    ...options.viewers,
    now: options.viewers?.now ?? now,
    channels,
    admin,
    redisUrl: options.redisUrl ?? process.env.REDIS_URL,
    // The embed is served by this platform: its pages are the only ones that open viewer sockets.
    allowedOrigins: ownOrigins,
  });
  await app.register(fastifyStatic, {
    root: path.resolve(here, '../public/images'),
    prefix: '/images/',
    decorateReply: false,
    maxAge: '1h',
  });
  // The host SDK's script and the embed builder page (issue 15).
  registerSdk(app);
  await registerBuilder(app, channels);
  // Channels that play from elsewhere (CHANNELS_FILE) open the embed's CSP to those origins only.
  const streamOrigins = playbackOrigins(channels.all());
  const embedPolicy: EmbedPolicy | undefined = streamOrigins.length
    ? { ...options.embedPolicy, extraOrigins: [...(options.embedPolicy?.extraOrigins ?? []), ...streamOrigins] }
    : options.embedPolicy;
  // Streams from elsewhere: copies of their playlists for the pages' early data, the first ones
  // asked for now so the first viewer's page has them.
  const external = externalPlaylists();
  app.addHook('onClose', async () => external.destroy());
  for (const channel of channels.all())
    if (channel.live && channel.playbackUrl) external.copiesFor(channel.playbackUrl);
  // The player playground (/playground): a developer page built beside the embed.
  registerPlayground(app, options.embedDir ?? defaultEmbedDir);
  embedPage = await registerEmbed(app, options.embedDir ?? defaultEmbedDir, embedPolicy, {
    oembedDiscovery: discoveryLookup(channels),
    castStandIn: admin,
    refusedEmbedding: (request) => refusedEmbedding(request, channels, ownOrigins),
    earlyData: (request) => {
      const slug = pageSlug(request.url);
      return slug
        ? earlyDataFor(slug, request.selfOrigin, {
            channels,
            multivariantText: liveOrigin.multivariantText,
            mediaPlaylistsNow: liveOrigin.mediaPlaylistsNow,
            externalCopies: external.copiesFor,
          })
        : null;
    },
  });

  return { app, channels };
}
