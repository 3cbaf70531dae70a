/**
 * The stand-in cast receiver (/cast/receiver): the "TV" that plays what a sender loads, with our
 * engine (the worker engine, as the embed plays in Chromium), connected to the platform's relay
 * in place of the local network. It reports its player's state as a Cast receiver would
 * (IDLE, BUFFERING, PLAYING, PAUSED; idle FINISHED at the end) every change and every second.
 */
import { createPlayer, mseWorkerSinkFactory, PlayerState, type Player } from '@onair/player';
import type { ReceiverPlayerState, ReceiverStatus, ToReceiver } from '../src/cast/cast-protocol.ts';

const video = document.querySelector('video')!;
const label = document.querySelector('[data-testid="receiver-status"]')!;
const name = new URLSearchParams(location.search).get('name') ?? 'OnAir TV';
const url = new URL(`/cast/v1/connect?role=receiver&name=${encodeURIComponent(name)}`, location.href);
url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
const socket = new WebSocket(url);
let player: Player | null = null;
let timer: ReturnType<typeof setInterval> | null = null;

const send = (message: unknown) => {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
};

function remoteState(p: Player): { playerState: ReceiverPlayerState; idleReason: string | null } {
  const { state, paused, loaded } = p.getState();
  if (state === PlayerState.Ended) return { playerState: 'IDLE', idleReason: 'FINISHED' };
  // Not loaded yet is a receiver still starting, whatever the pause flag says (it starts true).
  if (!loaded) return { playerState: 'IDLE', idleReason: null };
  if (paused) return { playerState: 'PAUSED', idleReason: null };
  if (state === PlayerState.Playing) return { playerState: 'PLAYING', idleReason: null };
  if (state === PlayerState.Buffering) return { playerState: 'BUFFERING', idleReason: null };
  return { playerState: 'IDLE', idleReason: null };
}

function report(): void {
  if (!player) return;
  const { volume, muted } = player.getState();
  const status: ReceiverStatus = { ...remoteState(player), currentTime: video.currentTime, volume, muted };
  label.textContent = `${name}: ${status.playerState}`;
  send({ type: 'status', status });
}

function stop(): void {
  if (timer !== null) clearInterval(timer);
  timer = null;
  player?.delete();
  player = null;
  video.removeAttribute('src');
  video.load();
  // The network went away (or the relay dropped this TV): nothing plays without a session.
  socket.onclose = () => {
    stop();
    label.textContent = `${name}: disconnected`;
  };
  label.textContent = `${name}: ready to cast`;
}

function load(contentId: string, autoplay: boolean): void {
  stop();
  const created = createPlayer({
    sinks: { 'mse-worker': mseWorkerSinkFactory(() => new Worker('/cast/engine-worker.js')) },
  });
  player = created;
  created.attachMedia(video);
  let answered = false;
  created.on('loaded', () => {
    if (!answered) send({ type: 'load-result', ok: true });
    answered = true;
    if (autoplay) void created.play();
  });
  created.on('error', (error) => {
    if (!error.fatal || answered) return;
    answered = true;
    send({ type: 'load-result', ok: false });
  });
  created.subscribe(report);
  timer = setInterval(report, 1000);
  created.load(contentId);
}

socket.onmessage = (event) => {
  const message = JSON.parse(String(event.data)) as ToReceiver;
  switch (message.type) {
    case 'session-started':
      label.textContent = `${name}: connected`;
      return;
    case 'load':
      return load(message.request.media.contentId, message.request.autoplay);
    case 'command':
      if (!player) return;
      if (message.command === 'play') void player.play();
      if (message.command === 'pause') player.pause();
      if (message.command === 'setVolume') player.setVolume(message.volume);
      if (message.command === 'setMuted') player.setMuted(message.muted);
      return;
    case 'session-ended':
      return stop();
  }
};
// The network went away (or the relay dropped this TV): nothing plays without a session.
socket.onclose = () => {
  stop();
  label.textContent = `${name}: disconnected`;
};
label.textContent = `${name}: ready to cast`;
