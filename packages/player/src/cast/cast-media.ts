import { APP_PLATFORM } from '../types/constants.ts';

/** SPEC §9: a cast load starts at 0 (for a live stream: the receiver's live edge). */
export const CAST_DEFAULT_SEEK_TIME = 0;

export const HLS_CONTENT_TYPE = 'application/x-mpegurl';

/** What the sender asks the receiver to load (the Cast framework's MediaInfo and LoadRequest, as data). */
export interface CastLoadRequest {
  media: {
    contentId: string;
    contentType: string;
    /** SPEC §7: a buffered stream type (the receiver buffers as for any stream; live is its playlist's). */
    streamType: 'BUFFERED';
    /** SPEC §7: the sender's analytics travel with the media. */
    customData: { analytics: { chromecast_sender: string; platform: string } };
  };
  currentTime: number;
  autoplay: boolean;
}

/**
 * The load request for `url` (made absolute against the page, since the receiver is another
 * device). `sender` names the sending player (its version).
 */
export function castLoadRequest(url: string, pageUrl: string, sender: string): CastLoadRequest {
  return {
    media: {
      contentId: new URL(url, pageUrl).href,
      contentType: HLS_CONTENT_TYPE,
      streamType: 'BUFFERED',
      customData: { analytics: { chromecast_sender: sender, platform: APP_PLATFORM } },
    },
    currentTime: CAST_DEFAULT_SEEK_TIME,
    autoplay: true,
  };
}
