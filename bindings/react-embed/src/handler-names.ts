import type { EventName, Listener } from '@onair/embed-sdk';

/** `stream-updated` → `StreamUpdated`. */
type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${Pascal<Tail>}`
  : Capitalize<S>;

/** A prop per SDK event, as React names handlers: `onReady`, `onPlaybackBlocked`, `onStreamUpdated`. */
export type OnAirEventProps = { [E in EventName as `on${Pascal<E>}`]?: Listener<E> };

/** The prop that handles `event` (pure: the component and its test share it). */
export function handlerName(event: EventName): keyof OnAirEventProps {
  const pascal = event
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
  return `on${pascal}` as keyof OnAirEventProps;
}
