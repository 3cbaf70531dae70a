export * from './channel.ts';
export * from './routes.ts';
