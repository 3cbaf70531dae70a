import { useId, useState, type FormEvent } from 'react';
import { PLAYGROUND_SINKS, type PlaygroundSettings, type PlaygroundSink } from './playground-player.ts';
import { parseStreamUrl } from './stream-url.ts';

/** The stand-in's live channel, on the page's own origin: what a first Load plays. */
export const DEFAULT_STREAM_PATH = '/hls/studio-live/master.m3u8';

const SINK_LABELS: Record<PlaygroundSink, string> = {
  auto: "Automatic (the player's choice)",
  'mse-worker': 'mse-worker: our engine, MediaSource in its worker',
  'default-media-source': 'default-media-source: our engine, MediaSource on the page',
  mse: 'mse: hls.js',
  passthrough: "passthrough: the browser's own HLS",
};

interface Props {
  onLoad(settings: PlaygroundSettings): void;
  /** A URL that cannot be played, with the words that say why. */
  onRefuse(message: string): void;
}

/**
 * The URL and the start-up settings. A form, so Enter in any field loads; every control is a
 * native one with its <label>, which keyboards and screen readers know without help.
 */
export function PlaygroundForm({ onLoad, onRefuse }: Props) {
  const [url, setUrl] = useState(() => new URL(DEFAULT_STREAM_PATH, location.href).href);
  const [sink, setSink] = useState<PlaygroundSink>('auto');
  const [lowLatency, setLowLatency] = useState(true);
  const [maxLatency, setMaxLatency] = useState('');
  const id = useId();
  const hint = `${id}-max-latency-hint`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseStreamUrl(url, location.href);
    if (!parsed.ok) return onRefuse(parsed.message);
    const limit = Number(maxLatency);
    onLoad({
      url: parsed.url,
      sink,
      lowLatency,
      // Empty, or anything but a positive number (the field's own checks stop most), is no limit.
      maxLatency: maxLatency.trim() !== '' && limit > 0 ? limit : null,
    });
  };

  return (
    <form className="playground-form" onSubmit={submit} noValidate>
      <div className="playground-field playground-field--url">
        <label htmlFor={`${id}-url`}>HLS playlist URL</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          spellCheck={false}
          autoComplete="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <div className="playground-field">
        <label htmlFor={`${id}-sink`}>Sink</label>
        <select id={`${id}-sink`} value={sink} onChange={(e) => setSink(e.target.value as PlaygroundSink)}>
          {PLAYGROUND_SINKS.map((type) => (
            <option key={type} value={type}>
              {SINK_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="playground-field playground-field--check">
        <input
          id={`${id}-low-latency`}
          type="checkbox"
          checked={lowLatency}
          onChange={(e) => setLowLatency(e.target.checked)}
        />
        <label htmlFor={`${id}-low-latency`}>Low latency</label>
      </div>
      <div className="playground-field">
        <label htmlFor={`${id}-max-latency`}>Maximum latency (seconds)</label>
        <input
          id={`${id}-max-latency`}
          type="number"
          min="0.5"
          step="0.5"
          inputMode="decimal"
          aria-describedby={hint}
          value={maxLatency}
          onChange={(e) => setMaxLatency(e.target.value)}
        />
        <span id={hint} className="playground-hint">
          Empty: no limit. Past it the player jumps back to live.
        </span>
      </div>
      <button type="submit">Load</button>
    </form>
  );
}
