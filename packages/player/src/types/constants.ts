/** SPEC §9 "Player engine" and "Player (page)" constants, plus our documented choices. */
export const PLAYER_VERSION = '1.31.0';

export const INITIAL_VOLUME = 1;
export const PLAYBACK_RATE_MIN = 0.25;
export const PLAYBACK_RATE_MAX = 2;

/** Analytics stats are emitted every 10 s of play and on pause. */
export const ANALYTICS_INTERVAL_MS = 10_000;
/** Every analytics event carries app_platform 'web'. */
export const APP_PLATFORM = 'web';

/** A caption cue lasts 2 s. */
export const CAPTION_CUE_DURATION_S = 2;

/**
 * Not shown in the spec. 10 s of continuous buffering is where viewers of the best players
 * give up; past it we raise 'Buffering timeout' and reload at the live edge.
 */
export const BUFFERING_TIMEOUT_MS = 10_000;

/** Fatal network errors: retries and backoff (1 s, 2 s, 4 s, capped at 8 s) before reporting. */
export const NETWORK_RETRY = { maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 8000 } as const;

/** The state's statistics and liveLatency are refreshed at this cadence (at least once a second). */
export const STATE_POLL_INTERVAL_MS = 500;
