import { isValidSlug, type RouteName } from '@onair/contracts';
import type { ChannelRecord, ChannelStore } from '../channels/channel-store.ts';
import { channelInfoView, channelVideosView, type Absolutize } from '../channels/channel-views.ts';

export interface ReadContext {
  params: Readonly<Record<string, string>>;
  store: ChannelStore;
  absolute: Absolutize;
}

/** A read the stand-in answers from its seed; `undefined` from `answer` means 404 `missing`. */
export interface PublicRead {
  missing: string;
  answer: (context: ReadContext) => unknown;
}

const CHANNEL_NOT_FOUND = 'Channel not found';

const channelOf = ({ params, store }: ReadContext): ChannelRecord | undefined => {
  const slug = params.slug ?? '';
  return isValidSlug(slug) ? store.get(slug) : undefined;
};

/** A read about one channel (by `:slug`): 404 'Channel not found' when there is none. */
const perChannel = (answer: (channel: ChannelRecord, context: ReadContext) => unknown): PublicRead => ({
  missing: CHANNEL_NOT_FOUND,
  answer: (context) => {
    const channel = channelOf(context);
    return channel && answer(channel, context);
  },
});

/**
 * What the seed has no data for (links, followers, leaderboards, goals) is an empty list for
 * an existing channel; a real channel with none answers the same way, as far as we can tell.
 */
const emptyList = perChannel(() => []);

/**
 * The public reads of the catalogue that the stand-in answers from the channel seed, so the
 * route table runs end to end. The spec shows none of these shapes: the answers reuse the
 * entities it does show (channel info v2, a channel video, a category, a viewers list).
 */
export const publicReads: Partial<Record<RouteName, PublicRead>> = {
  'livestreams.viewers': {
    missing: 'Livestream not found',
    answer: ({ params, store }) => {
      const live = store.all().find((channel) => String(channel.live?.id) === params.id)?.live;
      return live && [{ viewers: live.viewer_count }];
    },
  },
  'channels.v1.show': perChannel((channel, { absolute }) => channelInfoView(channel, absolute)),
  'channels.v2.show': perChannel((channel, { absolute }) => channelInfoView(channel, absolute)),
  'channels.v1.links': emptyList,
  'channels.v1.followers': emptyList,
  'channels.v1.leaderboard': emptyList,
  'channels.v2.leaderboards': emptyList,
  'channels.v2.goals.list': emptyList,
  'channels.v2.emoteGoals': emptyList,
  /** Live channels whose slug or name contains the term. */
  'channels.v1.liveSearch': {
    missing: CHANNEL_NOT_FOUND,
    answer: ({ params, store, absolute }) => {
      const term = (params.slug ?? '').toLowerCase();
      return store
        .all()
        .filter((c) => c.live && (c.slug.includes(term) || c.username.toLowerCase().includes(term)))
        .map((c) => channelInfoView(c, absolute));
    },
  },
  'channels.v2.recentCategories': perChannel((channel) => channel.live?.categories ?? []),
  /** The only user a seeded channel knows is its owner. */
  'channels.v2.user': {
    missing: 'User not found',
    answer: (context) => {
      const channel = channelOf(context);
      const user = context.params.user?.toLowerCase();
      return channel && channel.username.toLowerCase() === user ? { username: channel.username } : undefined;
    },
  },
  'videos.show': {
    missing: 'Video not found',
    answer: ({ params, store, absolute }) =>
      store
        .all()
        .flatMap((channel) => channelVideosView(channel, absolute))
        .find((video) => String(video.id) === params.id),
  },
  /** Taken when a channel has it as slug or username, compared case-insensitively. */
  'channels.checkUsername': {
    missing: 'Not found',
    answer: ({ params, store }) => {
      const name = (params.name ?? '').toLowerCase();
      return { available: !store.all().some((c) => c.slug === name || c.username.toLowerCase() === name) };
    },
  },
};
