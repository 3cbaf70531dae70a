export * from './channel.ts';
export * from './routes.ts';
export * from './route.ts';
export * from './catalogue.ts';
export * from './schemas/pages.ts';
export * from './schemas/viewers.ts';
export * from './realtime/channels.ts';
export * from './realtime/viewer-messages.ts';
