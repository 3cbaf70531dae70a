// `npm start`: builds the embed and the host SDK if needed, then runs the platform (API, live
// origin, embed, SDK, embed builder) on PORT (default 8080), which prints the URL of every
// seeded channel.
import { spawn } from 'node:child_process';
import { buildEmbed } from './build-embed.mjs';
import { buildSdk } from './build-sdk.mjs';
import { root } from './lib.mjs';

const built = (await buildEmbed()) || (await buildSdk());
if (built !== 0) process.exit(built);

const platform = spawn(process.execPath, ['--import', 'tsx', 'apps/platform/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  // The demo turns the testing hooks on (loopback only, behind a token it prints).
  env: { ...process.env, ADMIN: process.env.ADMIN ?? '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => platform.kill(signal));
platform.on('exit', (code) => process.exit(code ?? 0));
