// The outputs: a table for the terminal and a hand-written SVG chart of latency over time.

const COLORS = ['#e4572e', '#2e86ab', '#5b9e2e', '#8e6c8a'];
const s = (x, digits = 2) => (x === null || x === undefined ? '—' : `${x.toFixed(digits)} s`);

export function table(results) {
  const rows = [
    [
      'Player',
      'First frame',
      'Latency p50',
      'p95',
      'Stalls',
      'Stalled',
      'Rate changes',
      'Own clock p50',
      'Seg. clock p50',
    ],
    ...results.map(({ label, summary: m, error }) =>
      error
        ? [label, `failed: ${error}`]
        : [
            label,
            s(m.firstFrameS),
            s(m.latency.p50),
            s(m.latency.p95),
            String(m.stalls.count),
            s(m.stalls.totalS),
            m.rateChanges.count ? `${m.rateChanges.count} (${m.rateChanges.min}–${m.rateChanges.max}×)` : '0',
            s(m.ownClock.p50),
            s(m.segmentClock.p50),
          ],
    ),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : (cell ?? '').padStart(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

const escape = (text) => String(text).replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

function niceStep(range, ticks) {
  const raw = range / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw);
}

/** Latency (y) over seconds since each player's navigation start (x), one line per player. */
export function chart(results, durationS) {
  const W = 900;
  const H = 440;
  const pad = { left: 60, right: 20, top: 40, bottom: 80 };
  const plotW = W - pad.left - pad.right;
  const plotH = H - pad.top - pad.bottom;
  const all = results.flatMap((r) => (r.samples ?? []).map((p) => p.latencyS)).filter((x) => x !== null);
  const yMax = Math.max(1, Math.ceil((all.length ? Math.max(...all) : 1) * 2) / 2);
  const x = (t) => pad.left + (Math.min(t, durationS) / durationS) * plotW;
  const y = (v) => pad.top + plotH - (Math.min(v, yMax) / yMax) * plotH;

  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${pad.left}" y="22" font-size="15" font-weight="bold">Live latency (Date.now() − program-date-time of the frame on screen)</text>`,
  ];
  const yStep = niceStep(yMax, 6);
  for (let v = 0; v <= yMax + 1e-9; v += yStep) {
    out.push(`<line x1="${pad.left}" x2="${W - pad.right}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${pad.left - 8}" y="${y(v) + 4}" text-anchor="end">${+v.toFixed(2)} s</text>`);
  }
  const xStep = niceStep(durationS, 10);
  for (let t = 0; t <= durationS + 1e-9; t += xStep) {
    out.push(`<line x1="${x(t)}" x2="${x(t)}" y1="${pad.top + plotH}" y2="${pad.top + plotH + 5}" stroke="#333"/>`);
    out.push(`<text x="${x(t)}" y="${pad.top + plotH + 18}" text-anchor="middle">${t} s</text>`);
  }
  out.push(
    `<rect x="${pad.left}" y="${pad.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#333"/>`,
    `<text x="${pad.left + plotW / 2}" y="${pad.top + plotH + 36}" text-anchor="middle">seconds since the player's navigation start (players took turns on the same live stream)</text>`,
  );
  results.forEach((r, i) => {
    const color = COLORS[i % COLORS.length];
    // A gap in the samples (no date for the frame on screen) breaks the line.
    let d = '';
    let pen = 'M';
    for (const p of r.samples ?? []) {
      if (p.latencyS === null) pen = 'M';
      else {
        d += `${pen}${x(p.t).toFixed(1)},${y(p.latencyS).toFixed(1)}`;
        pen = 'L';
      }
    }
    if (d) out.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="1.5"/>`);
    const lx = pad.left + i * 280;
    const p50 = r.summary?.latency.p50;
    out.push(
      `<line x1="${lx}" x2="${lx + 24}" y1="${H - 18}" y2="${H - 18}" stroke="${color}" stroke-width="3"/>`,
      `<text x="${lx + 30}" y="${H - 14}">${escape(r.label)}${p50 == null ? '' : ` (p50 ${p50.toFixed(2)} s)`}</text>`,
    );
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
