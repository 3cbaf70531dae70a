import { readFileSync } from 'node:fs';
import { isValidSlug } from '@onair/contracts';
import type { ChannelRecord, LiveSession, PastVideo } from './channel-store.ts';

/** A channels file that cannot be used, with every reason (the platform does not start). */
export class ChannelsFileError extends Error {
  override name = 'ChannelsFileError';
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`CHANNELS_FILE ${file} cannot be used:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An absolute http(s) URL, or null: the embed plays nothing else (the engine refuses other schemes too). */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * One channel of the file, in seed.json's shape, with what a "watch this URL" file may leave
 * out filled in: `id` (its place), `username` (the slug), `banner` null, `playback` true,
 * `videos` none; `live` may be `true` for a live channel titled after its slug. `playbackUrl`,
 * an http(s) URL, is what the playback-url call answers instead of the platform's own origin.
 */
function channelFrom(raw: unknown, index: number, problems: string[]): ChannelRecord | null {
  const at = `channels[${index}]`;
  if (!isObject(raw)) {
    problems.push(`${at} is not an object`);
    return null;
  }
  const slug = raw.slug;
  if (typeof slug !== 'string' || !isValidSlug(slug)) {
    problems.push(`${at}.slug must be a channel slug (letters, digits, - and _)`);
    return null;
  }
  let playbackUrl: string | undefined;
  if (raw.playbackUrl !== undefined) {
    const url = httpUrl(raw.playbackUrl);
    if (!url) problems.push(`${at}.playbackUrl must be an absolute http(s) URL`);
    else playbackUrl = url;
  }
  let live: LiveSession | null = null;
  if (raw.live === true) live = { id: 0, session_title: slug, categories: [], viewer_count: 0 };
  else if (isObject(raw.live)) live = raw.live as unknown as LiveSession;
  else if (raw.live !== undefined && raw.live !== null)
    problems.push(`${at}.live must be true, null or a live session`);
  const username = typeof raw.username === 'string' && raw.username.trim() !== '' ? raw.username : slug;
  return {
    id: typeof raw.id === 'number' && Number.isInteger(raw.id) ? raw.id : 100_000 + index,
    slug,
    username,
    banner: typeof raw.banner === 'string' ? raw.banner : null,
    live,
    playback: raw.playback !== false,
    ...(raw.packaging === 'mpegts' || raw.packaging === 'fmp4' ? { packaging: raw.packaging } : {}),
    ...(playbackUrl && { playbackUrl }),
    videos: videosFrom(raw.videos, at, problems),
  };
}

/**
 * A channel's past videos: `id` (an integer), `title`, `thumbnail` (a path or URL), `created_at`
 * (ISO date), `duration` (ms) and, optionally, `source`: the absolute http(s) URL it plays from
 * (without one it plays the platform's own VOD rendering of the fixture).
 */
function videosFrom(raw: unknown, at: string, problems: string[]): PastVideo[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push(`${at}.videos must be an array`);
    return [];
  }
  const videos: PastVideo[] = [];
  raw.forEach((video: unknown, index) => {
    const here = `${at}.videos[${index}]`;
    if (
      !isObject(video) ||
      !Number.isSafeInteger(video.id) ||
      typeof video.title !== 'string' ||
      typeof video.thumbnail !== 'string' ||
      typeof video.created_at !== 'string' ||
      Number.isNaN(Date.parse(video.created_at)) ||
      typeof video.duration !== 'number' ||
      !(video.duration > 0)
    ) {
      problems.push(`${here} needs an integer id, a title, a thumbnail, an ISO created_at and a duration in ms`);
      return;
    }
    const source = video.source === undefined ? undefined : httpUrl(video.source);
    if (source === null) problems.push(`${here}.source must be an absolute http(s) URL`);
    videos.push({
      id: video.id as number,
      title: video.title,
      thumbnail: video.thumbnail,
      created_at: video.created_at,
      duration: video.duration,
      ...(source && { source }),
    });
  });
  return videos;
}

/** The channels of a parsed file (`{ "channels": [...] }`, seed.json's shape); throws with every problem. */
export function parseChannels(file: string, parsed: unknown): ChannelRecord[] {
  if (!isObject(parsed) || !Array.isArray(parsed.channels) || parsed.channels.length === 0) {
    throw new ChannelsFileError(file, ['it must be an object with a non-empty "channels" array (see seed.json)']);
  }
  const problems: string[] = [];
  const channels = parsed.channels.map((raw, index) => channelFrom(raw, index, problems));
  const slugs = new Set<string>();
  for (const channel of channels) {
    if (!channel) continue;
    const key = channel.slug.toLowerCase();
    if (slugs.has(key)) problems.push(`the slug "${channel.slug}" is used twice`);
    slugs.add(key);
  }
  if (problems.length > 0) throw new ChannelsFileError(file, problems);
  return channels as ChannelRecord[];
}

/** CHANNELS_FILE, read and checked: the platform's channels instead of seed.json's. */
export function readChannelsFile(file: string): ChannelRecord[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ChannelsFileError(file, [`it cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ChannelsFileError(file, [`it is not JSON (${(error as Error).message})`]);
  }
  return parseChannels(file, parsed);
}

/**
 * The origins the embed must reach for these channels' external playback URLs (live and past): its CSP's
 * `connect-src`/`media-src` (the page's and its workers') follow from the file, so a channel
 * that plays from a CDN needs no EMBED_CONNECT_SRC of its own.
 */
export function playbackOrigins(channels: readonly ChannelRecord[]): string[] {
  const origins = new Set<string>();
  for (const channel of channels) {
    if (channel.playbackUrl) origins.add(new URL(channel.playbackUrl).origin);
    for (const video of channel.videos) if (video.source) origins.add(new URL(video.source).origin);
  }
  return [...origins].sort();
}
