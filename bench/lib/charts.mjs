// Hand-written SVG line charts: one line per player, x in seconds, y in the figure's unit.

const COLORS = ['#e4572e', '#2e86ab', '#5b9e2e', '#8e6c8a', '#f0a202'];
const escape = (text) => String(text).replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

function niceStep(range, ticks) {
  const raw = range / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw);
}

/**
 * @param {object} chart
 * @param {string} chart.title
 * @param {string} chart.xLabel
 * @param {string} chart.unit  y unit, e.g. 's' or 'kbps'
 * @param {{ label: string, points: { x: number, y: number|null }[] }[]} chart.series  a null y breaks the line
 * @param {number[]} [chart.markers]  x positions of dashed vertical lines (e.g. profile steps)
 * @param {boolean} [chart.step]  hold each value until the next point (a level, not a trend)
 */
export function lineChart({ title, xLabel, unit, series, markers = [], step = false }) {
  const W = 900;
  const H = 460;
  const pad = { left: 70, right: 20, top: 40, bottom: 100 };
  const plotW = W - pad.left - pad.right;
  const plotH = H - pad.top - pad.bottom;
  const points = series.flatMap((s) => s.points);
  const ys = points.map((p) => p.y).filter((y) => y !== null && Number.isFinite(y));
  const xMax = Math.max(1, ...points.map((p) => p.x), ...markers);
  const yStep = niceStep(Math.max(ys.length ? Math.max(...ys) : 1, 1e-3), 6);
  const yMax = Math.max(yStep, Math.ceil((ys.length ? Math.max(...ys) : 1) / yStep) * yStep);
  const x = (v) => pad.left + (Math.max(0, Math.min(v, xMax)) / xMax) * plotW;
  const y = (v) => pad.top + plotH - (Math.min(v, yMax) / yMax) * plotH;

  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${pad.left}" y="22" font-size="15" font-weight="bold">${escape(title)}</text>`,
  ];
  for (let v = 0; v <= yMax + 1e-9; v += yStep) {
    out.push(`<line x1="${pad.left}" x2="${W - pad.right}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${pad.left - 8}" y="${y(v) + 4}" text-anchor="end">${+v.toFixed(3)} ${escape(unit)}</text>`);
  }
  const xStep = niceStep(xMax, 10);
  for (let t = 0; t <= xMax + 1e-9; t += xStep) {
    out.push(`<line x1="${x(t)}" x2="${x(t)}" y1="${pad.top + plotH}" y2="${pad.top + plotH + 5}" stroke="#333"/>`);
    out.push(`<text x="${x(t)}" y="${pad.top + plotH + 18}" text-anchor="middle">${+t.toFixed(1)} s</text>`);
  }
  for (const m of markers) {
    out.push(
      `<line x1="${x(m)}" x2="${x(m)}" y1="${pad.top}" y2="${pad.top + plotH}" stroke="#999" stroke-dasharray="4 4"/>`,
    );
  }
  out.push(
    `<rect x="${pad.left}" y="${pad.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#333"/>`,
    `<text x="${pad.left + plotW / 2}" y="${pad.top + plotH + 36}" text-anchor="middle">${escape(xLabel)}</text>`,
  );
  series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length];
    let d = '';
    let pen = 'M';
    let previous = null;
    for (const p of s.points) {
      if (p.y === null || !Number.isFinite(p.y)) {
        pen = 'M';
        previous = null;
        continue;
      }
      if (step && previous !== null && previous.y !== p.y) d += `L${x(p.x).toFixed(1)},${y(previous.y).toFixed(1)}`;
      d += `${pen}${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`;
      pen = 'L';
      previous = p;
    }
    if (d) out.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="1.5" stroke-linejoin="round"/>`);
    const lx = pad.left + (i % 3) * 280;
    const ly = H - 40 + Math.floor(i / 3) * 20;
    out.push(
      `<line x1="${lx}" x2="${lx + 24}" y1="${ly - 4}" y2="${ly - 4}" stroke="${color}" stroke-width="3"/>`,
      `<text x="${lx + 30}" y="${ly}">${escape(s.label)}</text>`,
    );
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
