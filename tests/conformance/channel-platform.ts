import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHANNEL_PLATFORM_PORT } from './ports.ts';

/**
 * A platform of the test's own whose one live channel plays a stream from elsewhere
 * (CHANNELS_FILE `playbackUrl`), as a site that brings its own stream runs it: the conformance
 * run's platform serves the seeded channels, whose pages the other tests use.
 */
export interface ChannelPlatform {
  /** The platform's origin. */
  base: string;
  /** The channel's slug: its embed page is `${base}/${slug}`. */
  slug: string;
  close(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function startChannelPlatform(playbackUrl: string): Promise<ChannelPlatform> {
  const dir = await mkdtemp(path.join(tmpdir(), 'onair-channel-'));
  const slug = 'brought-stream';
  const file = path.join(dir, 'channels.json');
  await writeFile(file, JSON.stringify({ channels: [{ slug, live: true, playbackUrl }] }));
  const base = `http://127.0.0.1:${CHANNEL_PLATFORM_PORT}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/platform/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(CHANNEL_PLATFORM_PORT),
      HOST: '127.0.0.1',
      CHANNELS_FILE: file,
      ...(process.env.EMBED_DIR ? { EMBED_DIR: process.env.EMBED_DIR } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const close = async () => {
    await stopped(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await answers(`${base}/api/v2/channels/${slug}/info`, child, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  return { base, slug, close };
}

/** Waits for `url` to answer 200 while `child` lives (up to 30 s); throws with what it printed otherwise. */
async function answers(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`${url}: its server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered:\n${output()}`);
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The early data written into the page at `url` (apps/platform/src/early-data.ts), or null. */
export async function pageEarlyData(
  url: string,
): Promise<{ multivariant: { url: string } | null; media: { url: string; writtenAtMs: number }[] } | null> {
  const html = await (await fetch(url)).text();
  const json = /<script id="onair-early-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  return json ? JSON.parse(json) : null;
}
