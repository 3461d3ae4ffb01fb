// The frontier chart: each configuration's Pareto curve as the server sampled it, and its measured points.
import { api } from './api.js';
import { axisName, axisTitle, latencyAxis } from './axis_choice.js';
import { PALETTE, chartAxis, chartSize, metricLabel, nothingToDraw } from './chart_frame.js';
import { hideTooltip, showTooltip } from './chart_tooltip.js';
import { filterParams, initial, valueOf } from './controls.js';
import { $, h } from './dom.js';
import { pointHref } from './format.js';
import { frontierParams } from './queries.js';

const HIT_RADIUS_PX = 14;

let chart = null;
let drawn = []; // {x, y, point, curve, color} of every point on the chart, for hover, click and keys
let focusIndex = -1;

async function loadCurves(model) {
  const params = frontierParams(model);
  if (valueOf('runs') !== 'all') {
    // The latest runs with their run-to-run spread and new / carried-over marks (interactivity curves only).
    if (!latencyAxis()) params.set('spread', 'true');
    const answer = await api('frontier', params);
    return { curves: answer.curves, total: answer.curves.length, leftOut: answer.left_out };
  }
  // One curve per run date: ask for each date the current filters hold (the stored runs, not every
  // point, tell which); a run is never stitched.
  const runParams = filterParams();
  runParams.set('model', model);
  const runs = await api('availability', runParams);
  const dates = [...new Set(runs.map((r) => r.date))].sort().reverse();
  const shown = dates.slice(0, MAX_RUN_DATES_DRAWN);
  const answers = await Promise.all(shown.map((date) => {
    const dated = new URLSearchParams(params);
    dated.set('date', date);
    return api('frontier', dated);
  }));
  // Newest dates first, so a cut keeps the most recent runs.
  const curves = answers.flatMap((answer) => answer.curves);
  return { curves: curves.slice(0, MAX_CURVES_DRAWN), dates: dates.length, datesShown: shown.length,
    total: curves.length, leftOut: answers.flatMap((answer) => answer.left_out) };
}

// The configurations whose runs have no point at the chosen statistic and throughput, named rather than vanishing.
const notDrawn = (leftOut) => leftOut.length
  ? ` Not drawn, having no point with the chosen throughput and ` +
    `${latencyAxis() ? axisName(valueOf('axis')).replace(/^\w/, (c) => c.toLowerCase()) : 'interactivity'}: ` +
    `${[...new Set(leftOut.map((l) => l.configuration))].join('; ')}.`
  : '';

// Thousands of curves on one canvas exhaust the tab's memory; past these, the newest runs are drawn.
const MAX_RUN_DATES_DRAWN = 8;
const MAX_CURVES_DRAWN = 40;
function curvesLeftOut({ curves, dates, datesShown, total }) {
  const parts = [];
  if (dates !== undefined && datesShown < dates) parts.push(`the ${datesShown} latest of ${dates} run dates`);
  if (curves.length < total) parts.push(`the newest ${curves.length} of their ${total} curves`);
  return parts.length ? ` Drawn: ${parts.join(', ')}. Narrow the filters or pick a date for the others.` : '';
}

// A curve's band: [x, lowest, highest] where two runs or more give a value; none from one run.
const bandSamples = (curve) => (curve.spread && curve.spread.runs >= 2 ? curve.spread.samples : []);

function buildChart(curves) {
  focusIndex = -1; // the points drawn change: none is focused
  const log = valueOf('log') === '1';
  const usable = (x, y) => Number.isFinite(x) && Number.isFinite(y) && (!log || (x > 0 && y > 0));
  // uPlot wants one shared, sorted x array; every series holds null where it has no value.
  const xs = new Set();
  for (const c of curves) {
    for (const [x, y] of c.samples) if (usable(x, y)) xs.add(x);
    for (const p of c.points) if (usable(p.x, p.y)) xs.add(p.x);
    for (const [x, low, high] of bandSamples(c)) if (usable(x, low) && usable(x, high)) xs.add(x);
  }
  const xValues = [...xs].sort((a, b) => a - b);
  const slot = new Map(xValues.map((x, i) => [x, i]));
  const data = [xValues];
  const series = [{}];
  const empty = () => new Array(xValues.length).fill(null);
  drawn = [];
  const legend = [];
  const bands = [];
  curves.forEach((c, index) => {
    const color = PALETTE[index % PALETTE.length];
    const line = empty();
    for (const [x, y] of c.samples) if (usable(x, y)) line[slot.get(x)] = y;
    data.push(line);
    series.push({ label: c.configuration, stroke: color, width: 2, spanGaps: true, points: { show: false } });
    // The spread of the runs close before it, as a shaded band between its lowest and highest values.
    const band = bandSamples(c);
    if (band.length) {
      const [low, high] = [empty(), empty()];
      for (const [x, lo, hi] of band) {
        if (usable(x, lo) && usable(x, hi)) [low[slot.get(x)], high[slot.get(x)]] = [lo, hi];
      }
      data.push(high, low);
      const edge = { stroke: color + '66', width: 1, dash: [4, 4], spanGaps: true, points: { show: false } };
      series.push({ ...edge, label: c.configuration + ' (spread, highest)' },
        { ...edge, label: c.configuration + ' (spread, lowest)' });
      bands.push({ series: [series.length - 2, series.length - 1], fill: color + '22' });
    }
    // Frontier points solid, dominated points dimmed; two points on one x need a second layer.
    for (const on of [true, false]) {
      const layers = [];
      for (const p of c.points.filter((q) => q.on_frontier === on && usable(q.x, q.y))) {
        let layer = layers.find((l) => l[slot.get(p.x)] === null);
        if (!layer) layers.push((layer = empty()));
        layer[slot.get(p.x)] = p.y;
        drawn.push({ x: p.x, y: p.y, point: p, curve: c, color });
      }
      for (const layer of layers) {
        data.push(layer);
        series.push({
          label: c.configuration + (on ? ' (frontier)' : ' (dominated)'), stroke: color, width: 0,
          paths: () => null,
          points: on ? { show: true, size: 9, width: 1.5, fill: color, stroke: '#fff' }
            : { show: true, size: 8, width: 1.5, fill: color + '40', stroke: color + '99' },
        });
      }
    }
    legend.push(h('li', null, h('span', { class: 'swatch', style: `background:${color}` }),
      `${c.configuration} (${c.interactivity_basis === 'p90_itl' ? 'P90' : 'median'})`,
      band.length ? h('span', { class: 'spread-note', title: `Runs of ${c.spread.dates.join(', ')}` },
        ` band: spread of ${c.spread.runs} runs with its image`) : null));
  });
  drawn.sort((a, b) => a.x - b.x || a.y - b.y);
  $('#chart-legend').replaceChildren(...legend);

  const canvas = $('#chart-canvas');
  canvas.dataset.curves = String(curves.length);
  canvas.dataset.axis = valueOf('axis');
  canvas.dataset.axisTitle = axisTitle(curves);
  canvas.dataset.points = String(drawn.length);
  canvas.dataset.bands = String(bands.length);
  if (chart) chart.destroy();
  chart = null;
  canvas.replaceChildren();
  if (!curves.length || typeof uPlot === 'undefined') return;
  const metric = metricLabel();
  const distr = log ? 3 : 1;
  chart = new uPlot({
    ...chartSize(),
    legend: { show: false },
    cursor: { points: { show: false }, drag: { x: false, y: false, setScale: false } },
    scales: { x: { time: false, distr, log: 10 }, y: { distr, log: 10 } },
    axes: [chartAxis(axisTitle(curves)), chartAxis(`${metric} tok/s/GPU`)],
    series,
    bands,
    hooks: { setCursor: [onCursor] },
  }, data, canvas);
  // A touch has no hover: its first tap on a point shows the provenance, a second tap on it opens the point.
  let touched = false;
  let shownByTap = null;
  chart.over.addEventListener('pointerdown', (event) => { touched = event.pointerType === 'touch'; });
  chart.over.addEventListener('click', () => {
    const hit = nearest();
    if (!hit) shownByTap = null;  // a tap beside the points hides the tooltip: the next tap on one shows it again
    if (hit && touched && shownByTap !== hit.point.result_id) {
      shownByTap = hit.point.result_id;
      showTooltip(chart, hit);
    } else if (hit) {
      location.href = pointHref(hit.point.result_id);
    }
  });
  chart.over.addEventListener('mouseleave', () => hideTooltip());
}

function nearest() {
  if (!chart || chart.cursor.left < 0) return null;
  let best = null;
  let bestDistance = HIT_RADIUS_PX;
  for (const item of drawn) {
    const dx = chart.valToPos(item.x, 'x') - chart.cursor.left;
    const dy = chart.valToPos(item.y, 'y') - chart.cursor.top;
    const distance = Math.hypot(dx, dy);
    if (distance <= bestDistance) [best, bestDistance] = [item, distance];
  }
  return best;
}

function onCursor() {
  const hit = nearest();
  chart.over.style.cursor = hit ? 'pointer' : 'default';
  if (hit) showTooltip(chart, hit); else hideTooltip();
}

// Arrow keys walk the points in order along the horizontal axis; Enter opens the focused one.
function onChartKey(event) {
  if (!drawn.length) return;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (step) {
    event.preventDefault();
    focusIndex = (focusIndex + step + drawn.length) % drawn.length;
    showTooltip(chart, drawn[focusIndex]);
  } else if (event.key === 'Enter' && focusIndex >= 0) {
    location.href = pointHref(drawn[focusIndex].point.result_id);
  } else if (event.key === 'Escape') {
    hideTooltip();
    focusIndex = -1; // Enter must not open a point no longer shown
  }
}

// The curves of the filters asked again and drawn; a newer question overtakes an older one still loading.
let dataTicket = 0;
export async function refreshChart() {
  const ticket = ++dataTicket;
  const canvas = $('#chart-canvas');
  canvas.dataset.state = 'loading';
  try {
    const loaded = await loadCurves(valueOf('model') || initial.default_model);
    if (ticket !== dataTicket) return;
    const curves = loaded.curves;
    buildChart(curves);
    $('#chart-status').textContent = curves.length
      ? `${curves.length} curve${curves.length === 1 ? '' : 's'}, ${drawn.length} points.` + curvesLeftOut(loaded) +
        notDrawn(loaded.leftOut)
      : nothingToDraw(loaded.leftOut.length > 0);
    canvas.dataset.state = 'ready';
  } catch (error) {
    if (ticket !== dataTicket) return;
    buildChart([]);
    $('#chart-status').textContent = 'The chart could not be loaded: ' + error.message;
    canvas.dataset.state = 'error';
  }
}

// The chart takes the keyboard focus, for the arrow keys and Enter (onChartKey).
export function bindChartKeys() {
  const canvas = $('#chart-canvas');
  canvas.tabIndex = 0;
  canvas.addEventListener('keydown', onChartKey);
  canvas.addEventListener('blur', hideTooltip);
}

// The chart fitted to its box after the window changes size.
export function resizeChart() {
  if (chart) chart.setSize(chartSize());
}
