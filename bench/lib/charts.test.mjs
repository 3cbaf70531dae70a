import { describe, expect, it } from 'vitest';
import { lineChart } from './charts.mjs';

const chart = (options) =>
  lineChart({
    title: 'Latency <p50>',
    xLabel: 'seconds',
    unit: 's',
    series: [
      {
        label: 'A & B',
        points: [
          { x: 0, y: 1 },
          { x: 1, y: 2 },
          { x: 2, y: null },
          { x: 3, y: 1 },
        ],
      },
    ],
    ...options,
  });

describe('lineChart', () => {
  it('writes a standalone SVG with escaped text', () => {
    const svg = chart();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('Latency &#60;p50&#62;');
    expect(svg).toContain('A &#38; B');
  });

  it('breaks the line where a value is unknown', () => {
    const d = /<path d="([^"]+)"/.exec(chart())[1];
    expect(d.match(/M/g)).toHaveLength(2);
  });

  it('draws levels as steps when asked', () => {
    const plain = /<path d="([^"]+)"/.exec(chart())[1];
    const stepped = /<path d="([^"]+)"/.exec(chart({ step: true }))[1];
    expect(stepped.split('L').length).toBe(plain.split('L').length + 1);
  });

  it('draws a dashed line per marker', () => {
    expect(chart({ markers: [1, 2] }).match(/stroke-dasharray/g)).toHaveLength(2);
  });
});
