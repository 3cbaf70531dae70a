import type { Player } from '@onair/player';
import { useCallback, useEffect, useRef } from 'react';
import { api } from '../lib/api.ts';
import { playbackToken, refreshDelayMs, REFRESH_RETRY_MS, tokenExpiryMs } from './playback-token.ts';

/** A new playback token of the channel: the platform mints one with each playback-url answer. */
async function freshToken(slug: string): Promise<string | null> {
  const answer = await api.channels.v2.playbackUrl({ slug });
  return answer?.data ? playbackToken(answer.data) : null;
}

/**
 * Keeps a private channel playing past its token's expiry (SPEC §7 setAuthToken): a fresh
 * token is fetched ahead of it (playback-token.ts refreshDelayMs) and handed to the player,
 * whose next request carries it, with no reload and no stall; a failed fetch is tried again
 * until the token has run out. Returns `renew`, which fetches one now (a Retry after the
 * origin refused the token): it resolves once the player has it, or at once for a public
 * channel (a URL without a token).
 */
export function usePlaybackToken(player: Player | null, slug: string, url: string): () => Promise<void> {
  const renewRef = useRef<() => Promise<void>>(() => Promise.resolve());

  useEffect(() => {
    const first = playbackToken(url);
    if (!player || !first) {
      renewRef.current = () => Promise.resolve();
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let expiresAt = tokenExpiryMs(first);
    const schedule = (delay: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void renew(), delay);
    };
    const renew = async (): Promise<void> => {
      const token = await freshToken(slug).catch(() => null);
      if (cancelled) return;
      const next = token ? tokenExpiryMs(token) : null;
      if (token && next !== null) {
        player.setAuthToken(token);
        expiresAt = next;
        return schedule(refreshDelayMs(next, Date.now()));
      }
      // Tried again while the token playing still has time; past it, the origin's refusal
      // brings the error screen and its Retry.
      if (expiresAt !== null && Date.now() < expiresAt) schedule(REFRESH_RETRY_MS);
    };
    renewRef.current = renew;
    if (expiresAt !== null) schedule(refreshDelayMs(expiresAt, Date.now()));
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [player, slug, url]);

  return useCallback(() => renewRef.current(), []);
}
