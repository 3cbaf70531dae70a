import Hls, { ErrorTypes, Events, type ErrorData } from 'hls.js';
import { ErrorType } from '../types.ts';
import type { Sink, SinkHost } from './sink.ts';

/** Fatal network errors are retried this many times (1 s, 2 s, 4 s) before they are reported. */
const NETWORK_RETRIES = 3;

/** hls.js over MediaSource on the main thread: the default sink wherever MediaSource exists. */
export function createMseSink(host: SinkHost): Sink {
  const hls = new Hls({ enableWorker: true, lowLatencyMode: true, backBufferLength: 30 });
  let networkRetries = 0;
  let mediaRecovered = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  hls.on(Events.FRAG_BUFFERED, () => {
    networkRetries = 0;
  });
  hls.on(Events.ERROR, (_event, data: ErrorData) => {
    if (!data.fatal) return;
    if (data.type === ErrorTypes.NETWORK_ERROR && networkRetries < NETWORK_RETRIES) {
      const delay = 1000 * 2 ** networkRetries++;
      retryTimer = setTimeout(() => hls.startLoad(), delay);
      return;
    }
    if (data.type === ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
      mediaRecovered = true;
      hls.recoverMediaError();
      return;
    }
    host.onError({
      type: data.type === ErrorTypes.NETWORK_ERROR ? ErrorType.Network : ErrorType.Error,
      code: data.response?.code ?? 0,
      source: 'mse',
      message: `${data.details}${data.error ? `: ${data.error.message}` : ''}`,
      fatal: true,
    });
  });
  hls.attachMedia(host.video);

  return {
    type: 'mse',
    load(url) {
      hls.loadSource(url);
    },
    destroy() {
      clearTimeout(retryTimer);
      hls.destroy();
    },
  };
}

export function mseSupported(): boolean {
  return Hls.isSupported();
}
