/**
 * Starting and ending livestreams, as the platform's backend would on an encoder connecting
 * or going away: the channel store changes first (channel info answers the new state at once),
 * then `StreamStarted` / `StreamEnded` go out on the channel's public topic through the
 * publisher (the `pusher` SDK). Also remembers which livestreams ended, so the realtime
 * authorisation can tell "ended" (403) from "never existed" (404).
 *
 * An event that cannot be delivered does not undo the change: the stream did start or end,
 * and clients that missed the event still see it in channel info. The outcome says so.
 */

import {
  channelTopic,
  RealtimeEvent,
  streamEndedSchema,
  streamStartedSchema,
  streamUpdatedSchema,
} from '@onair/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { seedChannels, type Category, type ChannelRecord, type ChannelStore } from '../channels/channel-store.ts';
import type { Delivery, RealtimePublisher } from './publisher.ts';

export type StreamStartedPayload = ReturnType<typeof streamStartedSchema.parse>;
export type StreamEndedPayload = ReturnType<typeof streamEndedSchema.parse>;
export type StreamUpdatedPayload = ReturnType<typeof streamUpdatedSchema.parse>;

export interface StreamStartInput {
  categories?: Category[];
  session_title?: string;
  viewer_count?: number;
}

export type EventDelivery = Delivery | 'failed';

export type StartOutcome =
  | { status: 'started'; payload: StreamStartedPayload; delivery: EventDelivery }
  | { status: 'unknown-channel' }
  | { status: 'already-live' };

export type EndOutcome =
  | { status: 'ended'; payload: StreamEndedPayload; delivery: EventDelivery }
  | { status: 'unknown-channel' }
  | { status: 'already-offline' };

export type UpdateOutcome =
  | { status: 'updated'; payload: StreamUpdatedPayload; delivery: EventDelivery }
  | { status: 'unknown-channel' }
  | { status: 'offline' };

export type LivestreamStatus = 'live' | 'ended' | 'unknown';

interface SessionLook {
  session_title: string;
  categories: Category[];
}

export class StreamLifecycle {
  readonly #store: ChannelStore;
  readonly #publisher: RealtimePublisher;
  readonly #log: FastifyBaseLogger;
  readonly #seed: () => readonly ChannelRecord[];
  readonly #ended = new Set<number>();
  /** Title and categories of each channel's last stream, the defaults of its next one. */
  readonly #lastLook = new Map<string, SessionLook>();

  constructor(
    store: ChannelStore,
    publisher: RealtimePublisher,
    log: FastifyBaseLogger,
    seed: () => readonly ChannelRecord[] = seedChannels,
    /** The stream's clock: the one the origin stamps its program-date-times with. */
    private readonly now: () => number = Date.now,
  ) {
    this.#store = store;
    this.#publisher = publisher;
    this.#log = log;
    this.#seed = seed;
  }

  livestreamStatus(id: number): LivestreamStatus {
    if (this.#store.all().some((channel) => channel.live?.id === id)) return 'live';
    return this.#ended.has(id) ? 'ended' : 'unknown';
  }

  async start(slug: string, input: StreamStartInput = {}): Promise<StartOutcome> {
    const channel = this.#store.get(slug);
    if (!channel) return { status: 'unknown-channel' };
    if (channel.live) return { status: 'already-live' };
    const look = this.#defaultLook(channel);
    const live = this.#store.startStream(slug, {
      session_title: input.session_title ?? look.session_title,
      categories: input.categories ?? look.categories,
      viewer_count: input.viewer_count ?? 0,
    });
    if (!live) return { status: 'already-live' };
    const payload = streamStartedSchema.parse({
      channel_id: channel.id,
      livestream: {
        id: live.id,
        is_live: true,
        session_title: live.session_title,
        categories: live.categories,
        viewer_count: live.viewer_count,
      },
    });
    const delivery = await this.#publish(channelTopic(channel.id), RealtimeEvent.StreamStarted, payload);
    return { status: 'started', payload, delivery };
  }

  async end(slug: string): Promise<EndOutcome> {
    const channel = this.#store.get(slug);
    if (!channel) return { status: 'unknown-channel' };
    const ended = this.#store.endStream(slug);
    if (!ended) return { status: 'already-offline' };
    this.#ended.add(ended.id);
    this.#lastLook.set(channel.slug.toLowerCase(), {
      session_title: ended.session_title,
      categories: ended.categories,
    });
    const payload = streamEndedSchema.parse({ channel_id: channel.id, livestream_id: ended.id, at: this.now() });
    const delivery = await this.#publish(channelTopic(channel.id), RealtimeEvent.StreamEnded, payload);
    return { status: 'ended', payload, delivery };
  }

  /** A new title or categories for the live stream, told with the moment on the stream's clock. */
  async update(slug: string, look: Partial<SessionLook>): Promise<UpdateOutcome> {
    const channel = this.#store.get(slug);
    if (!channel) return { status: 'unknown-channel' };
    const live = this.#store.updateStream(slug, look);
    if (!live) return { status: 'offline' };
    const payload = streamUpdatedSchema.parse({
      channel_id: channel.id,
      livestream_id: live.id,
      session_title: live.session_title,
      categories: live.categories,
      at: this.now(),
    });
    const delivery = await this.#publish(channelTopic(channel.id), RealtimeEvent.StreamUpdated, payload);
    return { status: 'updated', payload, delivery };
  }

  #defaultLook(channel: ChannelRecord): SessionLook {
    const key = channel.slug.toLowerCase();
    const last = this.#lastLook.get(key);
    if (last) return structuredClone(last);
    const seeded = this.#seed().find((record) => record.slug.toLowerCase() === key)?.live;
    return {
      session_title: seeded?.session_title ?? `${channel.username} is live`,
      categories: seeded ? structuredClone(seeded.categories) : [],
    };
  }

  async #publish(channel: string, event: RealtimeEvent, payload: object): Promise<EventDelivery> {
    try {
      return await this.#publisher.trigger(channel, event, payload);
    } catch (error) {
      this.#log.warn({ err: error, channel, event }, 'realtime event not delivered');
      return 'failed';
    }
  }
}
