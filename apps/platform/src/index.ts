export { createPlatform, defaultEmbedDir, type Platform, type PlatformOptions } from './create-platform.ts';
export type { AdminAccess } from './admin-gate.ts';
export { ChannelStore, seedChannels, type ChannelRecord } from './channels/channel-store.ts';
export type { ChannelInfoV2, ChannelVideo } from './channels/channel-views.ts';
export { errorBody, type ErrorBody } from './http-error.ts';
