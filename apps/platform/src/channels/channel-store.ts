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
  /** In ms. */
  duration: number;
  /**
   * Where it plays: an absolute http(s) URL (CHANNELS_FILE); when absent, the platform's own
   * VOD rendering of the fixture (origin/vod-routes.ts).
   */
  source?: string;
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
  /**
   * How the origin packages the channel's stream: fMP4 LL-HLS (`/hls/…`, the default) or plain
   * MPEG-TS HLS (`/hls-ts/…`, origin/ts-routes.ts), which our engine remuxes in its worker.
   */
  packaging?: 'fmp4' | 'mpegts';
  /**
   * An external stream (CHANNELS_FILE, channels-file.ts): the playback-url call answers it
   * instead of the platform's own origin; any HLS URL a packager or CDN serves.
   */
  playbackUrl?: string;
  /**
   * A live channel that keeps a rewind window (DVR): its playlists list this many seconds
   * instead of the origin's usual 10, so a viewer can go back in it (the embed's seek bar).
   */
  dvrWindowSeconds?: number;
  /** Languages of the WebVTT subtitles its stream carries (origin/subtitles.ts: en, de, fr). */
  subtitles?: string[];
  /** Its stream also carries an audio-only rendition (origin/audio-rendition.ts), Twitch-style. */
  audioOnlyRendition?: boolean;
  /**
   * A private channel (playback-auth/): its origin answers only requests that carry a playback
   * token the platform signed, which its playback-url call mints (IVS-shaped, lasting
   * `tokenTtlSeconds`, single use where `singleUse`, up to `maximumResolution` pixels high).
   */
  playbackAuth?: { tokenTtlSeconds: number; singleUse?: boolean; maximumResolution?: number };
  /** Viewer ids (a token's `aws:viewer-id`) whose access the platform withdrew. */
  revokedViewers?: string[];
  /**
   * The sites (origins) allowed to embed the channel's page in a frame (Twitch's `parent`);
   * absent: any site. A frame elsewhere gets a page that says so (embedding/allowed-embedders.ts).
   */
  allowedEmbedders?: string[];
  /**
   * A DRM-protected channel (protection/): its origin serves CENC-encrypted media, its
   * playlists name the ClearKey key system, and the platform's license server has the key.
   */
  protection?: 'clearkey';
  videos: PastVideo[];
}

/**
 * In-memory channel state, seeded from seed.json. Channels are looked up by slug,
 * case-insensitively, as slugs on the main site are.
 */
export class ChannelStore {
  readonly #bySlug = new Map<string, ChannelRecord>();
  /** Every livestream id handed out or seen live so far is at most this (see startStream). */
  #highestLivestreamId = 0;

  constructor(records: readonly ChannelRecord[]) {
    for (const record of records) this.#bySlug.set(record.slug.toLowerCase(), structuredClone(record));
  }

  get(slug: string): ChannelRecord | undefined {
    return this.#bySlug.get(slug.toLowerCase());
  }

  isLive(slug: string): boolean {
    return this.get(slug)?.live != null;
  }

  /** A past video of any channel, by its id. */
  video(id: number): PastVideo | undefined {
    for (const channel of this.#bySlug.values()) {
      const found = channel.videos.find((v) => v.id === id);
      if (found) return found;
    }
    return undefined;
  }

  all(): ChannelRecord[] {
    return [...this.#bySlug.values()];
  }

  /**
   * Takes a channel live with a new livestream. Ids are never reused, so a stream that ended
   * can never be mistaken for a new one (its private channel, its viewer counts).
   * Undefined when the slug names no channel or the channel is already live.
   */
  startStream(slug: string, session: Omit<LiveSession, 'id'>): LiveSession | undefined {
    const channel = this.get(slug);
    if (!channel || channel.live) return undefined;
    for (const other of this.#bySlug.values()) {
      if (other.live) this.#highestLivestreamId = Math.max(this.#highestLivestreamId, other.live.id);
    }
    this.#highestLivestreamId += 1;
    channel.live = { ...structuredClone(session), id: this.#highestLivestreamId };
    return structuredClone(channel.live);
  }

  /** Changes the live stream's title or categories; undefined when the slug is unknown or offline. */
  updateStream(
    slug: string,
    look: Partial<Pick<LiveSession, 'session_title' | 'categories'>>,
  ): LiveSession | undefined {
    const live = this.get(slug)?.live;
    if (!live) return undefined;
    if (look.session_title !== undefined) live.session_title = look.session_title;
    if (look.categories !== undefined) live.categories = structuredClone(look.categories);
    return structuredClone(live);
  }

  /** Ends the channel's livestream and returns it; undefined when the slug is unknown or offline. */
  endStream(slug: string): LiveSession | undefined {
    const channel = this.get(slug);
    const ended = channel?.live;
    if (!channel || !ended) return undefined;
    this.#highestLivestreamId = Math.max(this.#highestLivestreamId, ended.id);
    channel.live = null;
    return ended;
  }
}

export function seedChannels(): ChannelRecord[] {
  return seed.channels as ChannelRecord[];
}
