// The package's README example, as a new user would paste it, playing the stand-in's live channel.
import { createPlayer, workerEngineSinks, type Player } from '@onair/player';
import engine from '@onair/player/engine-worker.js?url';
import tsRemuxer from '@onair/player/ts-remuxer.js?url';
import subtitles from '@onair/player/subtitle-script.js?url';

const video = document.querySelector('video')!;
const player = createPlayer({ sinks: workerEngineSinks({ engine, tsRemuxer, subtitles }) });
const errors: string[] = [];
player.on('error', (error) => errors.push(`${error.type}: ${error.message}`));
player.attachMedia(video);
player.setMuted(true);
player.load(new URL('/hls/studio-live/master.m3u8', location.href).href);
void player.play();

// For the journey: what the player says of itself.
(window as unknown as { packageApp: { player: Player; errors: string[] } }).packageApp = { player, errors };
