import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { LatencyHistory } from './latency-history.ts';

/**
 * The latency chart's drawing, with uPlot: a well-kept chart library of ~20 KiB gzip that draws
 * thousands of points on one canvas. This module is the chart's chunk, imported only once the
 * playground shows the chart (latency-chart.tsx), so the page's own script carries none of it.
 */

/** The line's colour: the journey finds the drawn line by it on the canvas. */
export const LATENCY_LINE_COLOUR = '#c2410c';

export interface LatencyPlot {
  setData(history: LatencyHistory): void;
  setWidth(width: number): void;
  destroy(): void;
}

const HEIGHT = 220;

export function createLatencyPlot(into: HTMLElement, width: number, history: LatencyHistory): LatencyPlot {
  const plot = new uPlot(
    {
      width,
      height: HEIGHT,
      // Seconds since Load on x, not dates: the run's own clock is what a setting is judged by.
      scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max + 0.5))] } },
      axes: [{ label: 'Seconds since Load' }, { label: 'Latency (s)' }],
      legend: { show: false },
      cursor: { show: false },
      series: [{}, { label: 'Live latency', stroke: LATENCY_LINE_COLOUR, width: 2 }],
    },
    [history.seconds, history.latency],
    into,
  );
  return {
    setData: (next) => plot.setData([next.seconds, next.latency]),
    setWidth: (next) => plot.setSize({ width: next, height: HEIGHT }),
    destroy: () => plot.destroy(),
  };
}
