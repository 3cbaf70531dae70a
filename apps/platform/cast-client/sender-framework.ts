/**
 * The stand-in Cast sender framework, served at /cast/sender.js in place of Google's
 * cast_sender.js?loadCastFramework=1 (no Chromecast exists here). It offers what the Web Sender
 * framework offers a sender, with its names: `cast.framework.CastContext` (options, cast and
 * session states, requestSession, the current CastSession, events), `RemotePlayer` and
 * `RemotePlayerController`, and `chrome.cast` (ErrorCode, media.MediaInfo, media.LoadRequest,
 * StreamType). Behind them, a websocket to the platform's relay (cast-relay.ts) in place of the
 * local network. `window.__onGCastApiAvailable(true)` is called once it is ready, as the real
 * loader does.
 */
import type { LoadRequestData, ReceiverStatus, ToSender } from '../src/cast/cast-protocol.ts';

type Listener = (event: Record<string, unknown>) => void;

class Events {
  #listeners = new Map<string, Set<Listener>>();
  addEventListener(type: string, listener: Listener): void {
    if (!this.#listeners.has(type)) this.#listeners.set(type, new Set());
    this.#listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: Listener): void {
    this.#listeners.get(type)?.delete(listener);
  }
  protected dispatch(type: string, event: Record<string, unknown>): void {
    for (const listener of [...(this.#listeners.get(type) ?? [])]) listener({ type, ...event });
  }
}

const CastState = {
  NO_DEVICES_AVAILABLE: 'NO_DEVICES_AVAILABLE',
  NOT_CONNECTED: 'NOT_CONNECTED',
  CONNECTING: 'CONNECTING',
  CONNECTED: 'CONNECTED',
} as const;
const SessionState = {
  NO_SESSION: 'NO_SESSION',
  SESSION_STARTING: 'SESSION_STARTING',
  SESSION_STARTED: 'SESSION_STARTED',
  SESSION_START_FAILED: 'SESSION_START_FAILED',
  SESSION_ENDING: 'SESSION_ENDING',
  SESSION_ENDED: 'SESSION_ENDED',
  SESSION_RESUMED: 'SESSION_RESUMED',
} as const;
const CastContextEventType = { CAST_STATE_CHANGED: 'caststatechanged', SESSION_STATE_CHANGED: 'sessionstatechanged' };
const RemotePlayerEventType = { ANY_CHANGE: 'anyChanged' };
const ErrorCode = {
  CANCEL: 'cancel',
  TIMEOUT: 'timeout',
  SESSION_ERROR: 'session_error',
  RECEIVER_UNAVAILABLE: 'receiver_unavailable',
  LOAD_MEDIA_FAILED: 'load_media_failed',
  CHANNEL_ERROR: 'channel_error',
};

class MediaInfo {
  streamType = 'BUFFERED';
  customData: unknown = null;
  constructor(
    public contentId: string,
    public contentType: string,
  ) {}
}
class LoadRequest {
  currentTime = 0;
  autoplay = true;
  constructor(public media: MediaInfo) {}
}

/** The one connection to the relay, shared by the context and its session. */
class Link {
  #socket: WebSocket;
  #queue: string[] = [];
  constructor(onMessage: (message: ToSender) => void, onClose: () => void) {
    const url = new URL('/cast/v1/connect?role=sender', location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    this.#socket = new WebSocket(url);
    this.#socket.onopen = () => this.#queue.splice(0).forEach((text) => this.#socket.send(text));
    this.#socket.onmessage = (event) => onMessage(JSON.parse(String(event.data)) as ToSender);
    this.#socket.onclose = onClose;
  }
  send(message: unknown): void {
    const text = JSON.stringify(message);
    if (this.#socket.readyState === WebSocket.OPEN) this.#socket.send(text);
    else this.#queue.push(text);
  }
}

class CastSession {
  pendingLoad: { resolve: () => void; reject: (code: string) => void } | null = null;
  constructor(
    private readonly link: Link,
    private readonly id: string,
    private readonly receiver: string,
    private readonly context: CastContext,
  ) {}
  getSessionId(): string {
    return this.id;
  }
  getCastDevice(): { friendlyName: string } {
    return { friendlyName: this.receiver };
  }
  loadMedia(request: LoadRequest): Promise<void> {
    const data: LoadRequestData = {
      media: { ...request.media, customData: request.media.customData ?? undefined },
      currentTime: request.currentTime,
      autoplay: request.autoplay,
    };
    this.link.send({ type: 'load', request: data });
    return new Promise((resolve, reject) => {
      this.pendingLoad = { resolve, reject };
    });
  }
  /** The receiver's mute, set (not toggled: a toggle reads a state the receiver may not have sent yet). */
  setMute(muted: boolean): Promise<void> {
    this.link.send({ type: 'command', command: 'setMuted', muted });
    return Promise.resolve();
  }
  setVolume(volume: number): Promise<void> {
    this.link.send({ type: 'command', command: 'setVolume', volume });
    return Promise.resolve();
  }
  endSession(stopCasting: boolean): void {
    this.context.endCurrentSession(stopCasting);
  }
}

class CastContext extends Events {
  static #instance: CastContext | null = null;
  static getInstance(): CastContext {
    return (CastContext.#instance ??= new CastContext());
  }

  #link: Link;
  #available = false;
  #state: string = SessionState.NO_SESSION;
  #session: CastSession | null = null;
  #pendingRequest: { resolve: () => void; reject: (code: string) => void } | null = null;
  readonly players = new Set<RemotePlayerController>();

  private constructor() {
    super();
    this.#link = this.#connect();
  }

  /**
   * The relay's connection. When it closes (the platform restarted, the network went), the
   * session is over and nothing is available, as when a real phone leaves the Wi-Fi; it
   * connects again a second later.
   */
  #connect(): Link {
    return new Link(
      (message) => this.#onMessage(message),
      () => {
        const castState = this.getCastState();
        this.#available = false;
        this.#pendingRequest?.reject(ErrorCode.SESSION_ERROR);
        this.#pendingRequest = null;
        this.#session?.pendingLoad?.reject(ErrorCode.SESSION_ERROR);
        if (this.#session) {
          this.#session = null;
          for (const controller of this.players) controller.disconnect();
          this.#setSessionState(SessionState.SESSION_ENDED);
        }
        if (this.getCastState() !== castState) {
          this.dispatch(CastContextEventType.CAST_STATE_CHANGED, { castState: this.getCastState() });
        }
        setTimeout(() => {
          this.#link = this.#connect();
        }, 1000);
      },
    );
  }

  setOptions(_options: Record<string, unknown>): void {}

  getCastState(): string {
    if (this.#session) return CastState.CONNECTED;
    if (this.#state === SessionState.SESSION_STARTING) return CastState.CONNECTING;
    return this.#available ? CastState.NOT_CONNECTED : CastState.NO_DEVICES_AVAILABLE;
  }

  getSessionState(): string {
    return this.#state;
  }

  getCurrentSession(): CastSession | null {
    return this.#session;
  }

  /** Resolves once the session started; rejects with an ErrorCode (no receiver, refused). */
  requestSession(): Promise<void> {
    if (!this.#available) return Promise.reject(ErrorCode.RECEIVER_UNAVAILABLE);
    this.#setSessionState(SessionState.SESSION_STARTING);
    this.#link.send({ type: 'request-session' });
    return new Promise((resolve, reject) => {
      this.#pendingRequest = { resolve, reject };
    });
  }

  endCurrentSession(stopCasting: boolean): void {
    if (!this.#session) return;
    this.#setSessionState(SessionState.SESSION_ENDING);
    this.#link.send({ type: 'end-session', stop: stopCasting });
  }

  send(message: unknown): void {
    this.#link.send(message);
  }

  #onMessage(message: ToSender): void {
    const castState = this.getCastState();
    switch (message.type) {
      case 'availability':
        this.#available = message.available;
        break;
      case 'session-started':
        this.#session = new CastSession(this.#link, message.sessionId, message.receiver, this);
        for (const controller of this.players) controller.connect();
        this.#setSessionState(SessionState.SESSION_STARTED);
        this.#pendingRequest?.resolve();
        this.#pendingRequest = null;
        break;
      case 'session-error':
        this.#setSessionState(SessionState.SESSION_START_FAILED, message.code);
        this.#pendingRequest?.reject(message.code);
        this.#pendingRequest = null;
        break;
      case 'load-result': {
        const pending = this.#session?.pendingLoad;
        if (this.#session) this.#session.pendingLoad = null;
        if (message.ok) pending?.resolve();
        else pending?.reject(message.code ?? ErrorCode.LOAD_MEDIA_FAILED);
        break;
      }
      case 'status':
        for (const controller of this.players) controller.update(message.status, true);
        break;
      case 'session-ended':
        this.#session = null;
        for (const controller of this.players) controller.disconnect();
        this.#setSessionState(SessionState.SESSION_ENDED);
        break;
    }
    if (this.getCastState() !== castState) {
      this.dispatch(CastContextEventType.CAST_STATE_CHANGED, { castState: this.getCastState() });
    }
  }

  #setSessionState(state: string, errorCode?: string): void {
    this.#state = state;
    this.dispatch(CastContextEventType.SESSION_STATE_CHANGED, {
      sessionState: state,
      session: this.#session,
      errorCode,
    });
  }
}

/** The receiver's player as the sender sees it (plain fields, updated from its status). */
class RemotePlayer {
  isConnected = false;
  playerState: string | null = null;
  idleReason: string | null = null;
  currentTime = 0;
  volumeLevel = 1;
  isMuted = false;
  isPaused = false;
}

class RemotePlayerController extends Events {
  constructor(private readonly player: RemotePlayer) {
    super();
    CastContext.getInstance().players.add(this);
  }
  playOrPause(): void {
    CastContext.getInstance().send({ type: 'command', command: this.player.isPaused ? 'play' : 'pause' });
  }
  muteOrUnmute(): void {
    CastContext.getInstance().send({ type: 'command', command: 'setMuted', muted: !this.player.isMuted });
  }
  setVolumeLevel(): void {
    CastContext.getInstance().send({ type: 'command', command: 'setVolume', volume: this.player.volumeLevel });
  }
  stop(): void {
    CastContext.getInstance().endCurrentSession(true);
  }
  update(status: ReceiverStatus, connected: boolean): void {
    const p = this.player;
    Object.assign(p, {
      isConnected: connected,
      playerState: status.playerState,
      idleReason: status.idleReason,
      currentTime: status.currentTime,
      volumeLevel: status.volume,
      isMuted: status.muted,
      isPaused: status.playerState === 'PAUSED',
    });
    this.dispatch(RemotePlayerEventType.ANY_CHANGE, { field: 'playerState', value: p.playerState });
  }
  connect(): void {
    this.player.isConnected = true;
    this.dispatch(RemotePlayerEventType.ANY_CHANGE, { field: 'isConnected', value: true });
  }
  disconnect(): void {
    Object.assign(this.player, { isConnected: false, playerState: null });
    this.dispatch(RemotePlayerEventType.ANY_CHANGE, { field: 'isConnected', value: false });
  }
}

const w = window as unknown as Record<string, unknown> & { __onGCastApiAvailable?: (available: boolean) => void };
w.cast = {
  framework: {
    CastContext,
    CastState,
    SessionState,
    CastContextEventType,
    RemotePlayer,
    RemotePlayerController,
    RemotePlayerEventType,
  },
};
w.chrome = {
  ...((w.chrome as object | undefined) ?? {}),
  cast: {
    ErrorCode,
    AutoJoinPolicy: { ORIGIN_SCOPED: 'origin_scoped' },
    media: {
      MediaInfo,
      LoadRequest,
      StreamType: { BUFFERED: 'BUFFERED', LIVE: 'LIVE' },
      DEFAULT_MEDIA_RECEIVER_APP_ID: 'CC1AD845',
    },
  },
};
queueMicrotask(() => w.__onGCastApiAvailable?.(true));
