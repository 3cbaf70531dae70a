/**
 * `@onair/react-embed`: the OnAir player as a React component, over `@onair/embed-sdk`. React
 * lives here, never in `packages/*` (DESIGN.md): the SDK stays framework-free, and this binding
 * is to it what react-query is to TanStack's core.
 */
export { OnAirEmbed, type OnAirEmbedProps } from './on-air-embed.tsx';
export { handlerName, type OnAirEventProps } from './handler-names.ts';
export type { OnAirPlayer } from '@onair/embed-sdk';
