import { useEffect, useRef, useState } from 'react';
import type { LatencyHistory } from './latency-history.ts';
import type { LatencyPlot } from './latency-plot.ts';

const latest = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Live latency over the run. The chart library loads with its own chunk the first time this
 * renders (latency-plot.ts); until then, or if it cannot load, the caption still says the
 * latest value, which is also the chart's text for screen readers.
 */
export function LatencyChart({ history }: { history: LatencyHistory }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<LatencyPlot | null>(null);
  const data = useRef(history);
  const [failed, setFailed] = useState(false);

  // The newest data, for a plot made after it came (the library loads after the first render).
  useEffect(() => {
    data.current = history;
    plot.current?.setData(history);
  }, [history]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let gone = false;
    let resize: ResizeObserver | null = null;
    import('./latency-plot.ts').then(
      ({ createLatencyPlot }) => {
        if (gone) return;
        plot.current = createLatencyPlot(element, element.clientWidth, data.current);
        resize = new ResizeObserver(() => plot.current?.setWidth(element.clientWidth));
        resize.observe(element);
      },
      () => !gone && setFailed(true),
    );
    return () => {
      gone = true;
      resize?.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, []);

  const last = history.latency.at(-1);
  return (
    <section className="playground-panel playground-panel--wide" aria-labelledby="playground-chart-heading">
      <h2 id="playground-chart-heading">Latency over time</h2>
      <figure className="playground-chart">
        <div ref={box} className="playground-chart__plot" data-testid="latency-chart" aria-hidden="true" />
        <figcaption>
          {last === undefined ? 'No latency measured yet.' : `Latest live latency: ${latest.format(last)} s.`}
          {failed && ' The chart could not be loaded.'}
        </figcaption>
      </figure>
    </section>
  );
}
