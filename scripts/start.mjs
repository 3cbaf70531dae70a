// `npm start`: builds the embed and the host SDK if needed, then runs the platform (API, live
// origin, embed, SDK, embed builder) on PORT (default 8080), which prints the URL of every
// seeded channel.
// `npm start -- <HLS URL>`: the platform's only channel, `my-stream`, live, plays that URL in the
// embed (a channels file written for it: CHANNELS_FILE, apps/platform/src/channels/channels-file.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildEmbed } from './build-embed.mjs';
import { buildSdk } from './build-sdk.mjs';
import { root } from './lib.mjs';

const built = (await buildEmbed()) || (await buildSdk());
if (built !== 0) process.exit(built);

/** A channels file whose one live channel plays `url`, or null when no URL was given. */
function channelsFileFor(url) {
  if (!url) return null;
  if (!/^https?:\/\//i.test(url)) {
    console.error(`npm start -- <URL>: an http(s) URL of an HLS playlist, not "${url}"`);
    process.exit(1);
  }
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'onair-')), 'channels.json');
  const channel = { slug: 'my-stream', username: 'My stream', live: true, playbackUrl: url };
  writeFileSync(file, JSON.stringify({ channels: [channel] }, null, 2));
  return file;
}

const channelsFile = channelsFileFor(process.argv[2]);
const platform = spawn(process.execPath, ['--import', 'tsx', 'apps/platform/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  // The demo turns the testing hooks on (loopback only, behind a token it prints).
  env: {
    ...process.env,
    ADMIN: process.env.ADMIN ?? '1',
    ...(channelsFile && { CHANNELS_FILE: channelsFile }),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => platform.kill(signal));
platform.on('exit', (code) => process.exit(code ?? 0));
