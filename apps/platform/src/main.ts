import { ChannelsFileError, readChannelsFile } from './channels/channels-file.ts';
import type { ChannelRecord } from './channels/channel-store.ts';
import { createPlatform } from './create-platform.ts';
import { PlatformEnvError, platformEnv, type PlatformEnv } from './platform-env.ts';

/**
 * `npm start` entry: listens on PORT (default 8080) on HOST (default 127.0.0.1) and prints
 * the embed URL of every seeded channel. EMBED_DIR overrides where the built embed is read.
 */
const port = Number.parseInt(process.env.PORT ?? '8080', 10);
const host = process.env.HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be an integer between 0 and 65535 (got "${process.env.PORT}")`);
  process.exit(1);
}

let settings: PlatformEnv;
try {
  settings = platformEnv(process.env, host);
} catch (error) {
  if (!(error instanceof PlatformEnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// CHANNELS_FILE: the channels to serve instead of seed.json's (same shape), which may play from
// any HLS URL (channels-file.ts); the embed's CSP then reaches those URLs' origins (createPlatform).
let fileChannels: ChannelRecord[] | undefined;
if (process.env.CHANNELS_FILE) {
  try {
    fileChannels = readChannelsFile(process.env.CHANNELS_FILE);
  } catch (error) {
    if (!(error instanceof ChannelsFileError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

// EMBED_DIR serves another build of the embed (a side-by-side build, a bench variant).
const embedDir = process.env.EMBED_DIR || undefined;
const { app, channels } = await createPlatform({
  logger: process.env.LOG === '1',
  embedDir,
  admin: settings.admin,
  origins: settings.origins,
  embedPolicy: settings.embedPolicy,
  ...(fileChannels && { channels: fileChannels }),
});
try {
  await app.listen({ port, host });
} catch (error) {
  console.error(`Could not listen on ${host}:${port}: ${(error as Error).message}`);
  process.exit(1);
}

const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : port;
const base = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actualPort}`;
console.log(`OnAir platform listening on ${base}\n`);
console.log('Open a channel embed:');
for (const channel of channels.all()) {
  const state = channel.live ? 'live' : 'offline';
  const note = !channel.playback
    ? ', no playback URL'
    : channel.playbackUrl
      ? `, plays ${channel.playbackUrl}`
      : channel.packaging === 'mpegts'
        ? ', MPEG-TS segments'
        : '';
  console.log(`  ${base}/${channel.slug}  (${state}${note})`);
}
if (settings.admin) {
  // Shown once, to whoever started the platform: the only one who can use a made-up token.
  const token = settings.adminTokenGenerated ? settings.admin.token : '$ADMIN_TOKEN';
  console.log(`\nTesting hooks on (/admin/...): send "Authorization: Bearer ${token}" and JSON bodies`);
}
console.log(
  `\nEmbed it anywhere: <iframe src="${base}/studio-live?muted=true" allow="autoplay; fullscreen" allowfullscreen></iframe>`,
);
console.log(`Embed builder (options, preview, code to copy, host API events): ${base}/builder`);
console.log(`Player playground (any HLS URL, sinks, low latency, stats, events, latency chart): ${base}/playground`);
console.log(`Host SDK: ${base}/sdk/onair-embed.js   oEmbed: ${base}/oembed?url=${base}/studio-live`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
