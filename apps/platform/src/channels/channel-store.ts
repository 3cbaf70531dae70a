import seed from './seed.json' with { type: 'json' };

/** A category a livestream is listed under. */
export interface Category {
  name: string;
  slug: string;
}

export interface LiveSession {
  id: number;
  session_title: string;
  categories: Category[];
  viewer_count: number;
}

export interface PastVideo {
  id: number;
  title: string;
  /** Path on the platform; turned into an absolute URL per request. */
  thumbnail: string;
  created_at: string;
  duration: number;
}

/** One channel as the platform stores it (not a wire shape: see channel-views.ts). */
export interface ChannelRecord {
  id: number;
  slug: string;
  username: string;
  banner: string | null;
  live: LiveSession | null;
  /** false: the playback-url call answers `{ data: null }` ('Playback URL not found'). */
  playback: boolean;
  videos: PastVideo[];
}

/**
 * In-memory channel state, seeded from seed.json. Channels are looked up by slug,
 * case-insensitively, as slugs on the main site are.
 */
export class ChannelStore {
  readonly #bySlug = new Map<string, ChannelRecord>();

  constructor(records: readonly ChannelRecord[]) {
    for (const record of records) this.#bySlug.set(record.slug.toLowerCase(), structuredClone(record));
  }

  get(slug: string): ChannelRecord | undefined {
    return this.#bySlug.get(slug.toLowerCase());
  }

  isLive(slug: string): boolean {
    return this.get(slug)?.live != null;
  }

  all(): ChannelRecord[] {
    return [...this.#bySlug.values()];
  }
}

export function seedChannels(): ChannelRecord[] {
  return seed.channels as ChannelRecord[];
}
