import { EVENT_NAMES, OnAirPlayer, type EmbedEvent, type PlayerOptions } from '@onair/embed-sdk';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type CSSProperties } from 'react';
import { handlerName, type OnAirEventProps } from './handler-names.ts';

export interface OnAirEmbedProps extends PlayerOptions, OnAirEventProps {
  /** Required: bundled into an app, the SDK cannot tell where the embed is served. */
  origin: string;
  /** The element the iframe goes in. */
  className?: string;
  style?: CSSProperties;
}

/**
 * The embed on a React page: an element holding the player's iframe, made by the host SDK's
 * `OnAirPlayer` (the origin rule, the protocol and the command replies are all the SDK's).
 *
 * - `channel` may change: the same frame plays the new channel (`setChannel`, no reload);
 *   `muted` may change too (`setMuted`). The other options describe the frame and build a new
 *   one when they change.
 * - Each SDK event has its prop (`onReady`, `onPlaying`, `onError`, `onStreamUpdated`, …); the
 *   newest handler is called, so inline functions do not rebuild anything.
 * - The ref is the `OnAirPlayer` (null until the frame exists): `ref.current?.pause()`.
 */
export const OnAirEmbed = forwardRef<OnAirPlayer | null, OnAirEmbedProps>(function OnAirEmbed(props, ref) {
  const { origin, autoplay, allowfullscreen, width, height, title, audioOnlyWhenHidden, className, style } = props;
  const container = useRef<HTMLDivElement>(null);
  const [player, setPlayer] = useState<OnAirPlayer | null>(null);
  // The props as last rendered, read by the frame's listeners and at its creation.
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const { channel, muted } = latest.current;
    const created = new OnAirPlayer(element, {
      channel,
      origin,
      muted,
      autoplay,
      allowfullscreen,
      width,
      height,
      title,
      audioOnlyWhenHidden,
    });
    const stops = EVENT_NAMES.map((name) =>
      created.on(name, (event: EmbedEvent) => {
        const handler = latest.current[handlerName(name)] as ((event: EmbedEvent) => void) | undefined;
        handler?.(event);
      }),
    );
    setPlayer(created);
    return () => {
      for (const stop of stops) stop();
      created.destroy();
      setPlayer(null);
    };
  }, [origin, autoplay, allowfullscreen, width, height, title, audioOnlyWhenHidden]);

  // What may change without a new frame. A refusal (an offline channel, a frame not ready
  // within the SDK's wait) is the page's to hear through onError, not an unhandled rejection.
  const { channel, muted } = props;
  useEffect(() => {
    if (player && player.channel !== channel) player.setChannel(channel).catch(() => undefined);
  }, [player, channel]);
  const firstMuted = useRef(muted);
  useEffect(() => {
    if (!player) return;
    if (muted === firstMuted.current) return;
    firstMuted.current = muted;
    player.setMuted(muted === true).catch(() => undefined);
  }, [player, muted]);

  useImperativeHandle<OnAirPlayer | null, OnAirPlayer | null>(ref, () => player, [player]);
  return <div ref={container} className={className} style={style} />;
});
