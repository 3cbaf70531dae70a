/**
 * The engine's worker entry (a dedicated worker: `self`, never `window`). It makes the
 * MediaSource here, hands its handle to the page for the element's `srcObject`, and runs the
 * LiveEngine on it: every fetch, parse and append happens off the page's main thread, so a
 * busy page cannot stall loading.
 */
import { LiveEngine } from './live-engine.ts';
import { MseTarget } from './mse-target.ts';
import { decodeCommand, type EngineCommand, type EngineEvent } from './protocol.ts';

interface WorkerScope {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}
const scope = self as unknown as WorkerScope;

type HandleSource = MediaSource & { handle?: Transferable };

let engine: LiveEngine | null = null;
let target: MseTarget | null = null;

const emit = (event: EngineEvent) => scope.postMessage(event);

/** What a worker engine does not do: the page's player owns the element and these choices. */
const NOT_HERE: Partial<Record<EngineCommand['cmd'], string>> = {
  startRemotePlayback: 'remote playback runs on the chromecast sink',
  endRemotePlayback: 'remote playback runs on the chromecast sink',
  setSinkType: 'the page chooses the sink',
  setLooping: 'a live stream does not loop',
};

function create(command: Extract<EngineCommand, { cmd: 'create' }>): void {
  engine?.destroy();
  target?.destroy();
  const source = new MediaSource() as HandleSource;
  if (!source.handle) {
    emit({ type: 'mediaError', code: 4, message: 'MediaSource in a worker has no handle' });
    return;
  }
  target = new MseTarget(source);
  engine = new LiveEngine(
    {
      fetch: (input, init) => fetch(input, init),
      monotonic: () => performance.now(),
      timers: {
        setTimeout: (callback, ms) => setTimeout(callback, ms),
        clearTimeout: (handle) => clearTimeout(handle as number),
      },
      target,
      emit,
      isTypeSupported: (mime) => MediaSource.isTypeSupported(mime),
    },
    {
      lowLatency: command.lowLatency,
      bandwidthEstimate: command.bandwidthEstimate,
      transcodesOnly: command.transcodesOnly,
    },
  );
  scope.postMessage({ type: 'mediaSourceHandle', handle: source.handle } satisfies EngineEvent, [source.handle]);
}

function handle(command: EngineCommand): void {
  if (command.cmd === 'create') return create(command);
  const reason = NOT_HERE[command.cmd];
  if (reason) return emit({ type: 'commandError', cmd: command.cmd, reason });
  if (command.cmd === 'delete') {
    engine?.destroy();
    target?.destroy();
    engine = target = null;
    scope.close();
    return;
  }
  if (!engine) return emit({ type: 'commandError', cmd: command.cmd, reason: 'no engine: send create first' });
  switch (command.cmd) {
    case 'load':
      return engine.load(command.path);
    case 'seekTo':
      if (command.position === 'live') engine.seekToLive();
      else emit({ type: 'commandError', cmd: 'seekTo', reason: 'a live engine seeks to the live edge only' });
      return;
    case 'setQuality':
      return engine.setQuality(command.quality);
    case 'removeQuality':
      return engine.removeQuality(command.quality);
    case 'setAutoViewportSize':
      return engine.setViewport(command.width, command.height);
    case 'onClientSinkUpdate':
      return engine.setPosition(command.currentTime);
    case 'updatePlayerConfiguration':
      if (command.lowLatency !== undefined) engine.setLowLatency(command.lowLatency);
      return;
    case 'setRequestCredentials':
      engine.credentials = command.credentials;
      return;
    default:
      // Element state (play, pause, volume, rate, visibility) and identity the page's player
      // keeps: nothing for the engine to change (docs/player.md, "Own engine").
      return;
  }
}

scope.addEventListener('message', (event) => {
  const command = decodeCommand(event.data);
  if ('invalid' in command) {
    emit({ type: 'commandError', cmd: String((event.data as { cmd?: unknown })?.cmd), reason: command.invalid });
    return;
  }
  handle(command);
});
