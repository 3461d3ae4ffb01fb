// Frontier curves drawn on their own, for the pages without the tracker's controls (the compare page and the embedded
// chart): each curve the server's spline samples, and its measured points, solid on the frontier and dimmed off it.
// Nothing here reads the tracker page's controls, so these pages can load it alone.
import { h } from './dom.js';
import { fmtCompact } from './format.js';

// The tracker chart's first colours (chart_frame.js), dark enough for 3:1 contrast on white.
export const PLOT_COLORS = ['#0b62a4', '#c0392b', '#1e7b34', '#7b3fa0', '#a0522d', '#b3156f', '#0f7c7c', '#5b5b5b'];

const axis = (label) => ({ label, stroke: '#333', grid: { stroke: '#e4e4e4' },
  values: (u, ticks) => ticks.map((v) => (v === null ? '' : fmtCompact(v))) });

// Draws `curves` (as GET /api/v1/frontier lists them, each with `label`) into `box`, the legend into `legend`; on a
// log scale when `log`. Returns the uPlot chart, or null when there is nothing to draw or no chart library. Sets
// box.dataset.curves and box.dataset.points to what was drawn.
export function plotCurves(box, legend, curves, { log = false, metricLabel = 'Total' } = {}) {
  const usable = (x, y) => Number.isFinite(x) && Number.isFinite(y) && (!log || (x > 0 && y > 0));
  const xs = new Set();
  for (const c of curves) {
    for (const [x, y] of c.samples) if (usable(x, y)) xs.add(x);
    for (const p of c.points) if (usable(p.x, p.y)) xs.add(p.x);
  }
  const xValues = [...xs].sort((a, b) => a - b);
  const slot = new Map(xValues.map((x, i) => [x, i]));
  const empty = () => new Array(xValues.length).fill(null);
  const data = [xValues];
  const series = [{}];
  let points = 0;
  const items = [];
  curves.forEach((c, index) => {
    const color = PLOT_COLORS[index % PLOT_COLORS.length];
    const line = empty();
    for (const [x, y] of c.samples) if (usable(x, y)) line[slot.get(x)] = y;
    data.push(line);
    series.push({ label: c.label, stroke: color, width: 2, spanGaps: true, points: { show: false } });
    for (const on of [true, false]) {
      const layers = [];
      for (const p of c.points.filter((q) => q.on_frontier === on && usable(q.x, q.y))) {
        let layer = layers.find((l) => l[slot.get(p.x)] === null);
        if (!layer) layers.push((layer = empty()));
        layer[slot.get(p.x)] = p.y;
        points += 1;
      }
      for (const layer of layers) {
        data.push(layer);
        series.push({ label: c.label + (on ? ' (frontier)' : ' (dominated)'), stroke: color, width: 0,
          paths: () => null,
          points: on ? { show: true, size: 9, width: 1.5, fill: color, stroke: '#fff' }
            : { show: true, size: 8, width: 1.5, fill: color + '40', stroke: color + '99' } });
      }
    }
    items.push(h('li', null, h('span', { class: 'swatch', style: `background:${color}` }), c.label));
  });
  if (legend) legend.replaceChildren(...items);
  box.replaceChildren();
  box.dataset.curves = String(curves.length);
  box.dataset.points = String(points);
  if (!curves.length || typeof uPlot === 'undefined') return null;
  const width = Math.max(280, box.clientWidth);
  const distr = log ? 3 : 1;
  return new uPlot({
    width, height: Math.round(Math.min(420, Math.max(240, width * 0.55))),
    legend: { show: false },
    cursor: { points: { show: false }, drag: { x: false, y: false, setScale: false } },
    scales: { x: { time: false, distr, log: 10 }, y: { distr, log: 10 } },
    axes: [axis('Interactivity, tok/s/user'), axis(`${metricLabel} tok/s/GPU`)],
    series,
  }, data, box);
}

// The drawn chart as a PNG on a white background (the canvas itself is transparent), with `title` above it.
export function chartPng(chart, title) {
  const source = chart.ctx.canvas;
  const margin = 32;
  const canvas = document.createElement('canvas');
  canvas.width = source.width;
  canvas.height = source.height + margin;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#111';
  ctx.font = `${Math.round(14 * (window.devicePixelRatio || 1))}px sans-serif`;
  ctx.fillText(title, 8, margin * 0.7);
  ctx.drawImage(source, 0, margin);
  return canvas.toDataURL('image/png');
}
