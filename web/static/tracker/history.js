// Performance over time: each configuration's throughput per GPU at a target, one value per run day, as the
// server read it off that run's own curve.
import { api } from './api.js';
import { PALETTE, chartAxis, chartSize, metricLabel, nothingToDraw } from './chart_frame.js';
import { valueOf } from './controls.js';
import { $, h } from './dom.js';
import { fmtTps, stateLabel } from './format.js';
import { bracketText, factorText, runDateText, showHistoryTooltip } from './history_tooltip.js';
import { historyParams } from './queries.js';

let historyChart = null;
let historyDays = [];
let historyRows = [];
let historyTicket = 0;
let historyFocus = -1; // the run day the arrow keys reached, or -1

// The history asked again, every page of it, and drawn; a newer question overtakes an older one still loading.
export async function refreshHistory() {
  const ticket = ++historyTicket;
  const canvas = $('#history-canvas');
  if (!(Number(valueOf('history_at')) > 0)) {
    buildHistory({ rows: [], target_interactivity: null });  // the last target's lines and values go
    $('#history-status').textContent = 'The target must be a positive number of tok/s/user.';
    canvas.dataset.state = 'invalid';
    return;
  }
  canvas.dataset.state = 'loading';
  try {
    // The API answers a page of configurations at a time; the chart shows them all.
    const params = historyParams();
    const answer = await api('history', params);
    while (answer.next_offset !== null && answer.next_offset !== undefined) {
      if (ticket !== historyTicket) return;
      params.set('offset', answer.next_offset);
      const page = await api('history', params);
      answer.rows.push(...page.rows);
      answer.next_offset = page.next_offset;
    }
    if (ticket !== historyTicket) return;
    buildHistory(answer);
    canvas.dataset.state = 'ready';
  } catch (error) {
    if (ticket !== historyTicket) return;
    buildHistory({ rows: [], target_interactivity: Number(valueOf('history_at')) });
    $('#history-status').textContent = 'The history could not be loaded: ' + error.message;
    canvas.dataset.state = 'error';
  }
}

function buildHistory(answer) {
  const log = valueOf('log') === '1';
  historyRows = answer.rows;
  historyFocus = -1; // the days drawn change: none is focused
  historyDays = [...new Set(historyRows.flatMap((r) => r.points.map((p) => p.days_since_launch)))]
    .sort((a, b) => a - b);
  const slot = new Map(historyDays.map((d, i) => [d, i]));
  const data = [historyDays];
  const series = [{}];
  const legend = [];
  const rows = [];
  const bounds = []; // a hollow marker over each value that is only a lower bound (clamped_low), drawn last
  historyRows.forEach((row, index) => {
    const color = PALETTE[index % PALETTE.length];
    // undefined: no run that day, bridged; null: a run that never reached the target, a break.
    const line = new Array(historyDays.length).fill(undefined);
    for (const p of row.points) line[slot.get(p.days_since_launch)] = p.value.tps_per_gpu;
    data.push(line);
    series.push({ label: row.configuration, stroke: color, width: 2,
      points: { show: true, size: 8, width: 1.5, fill: color, stroke: '#fff' } });
    if (row.points.some((p) => p.value.state === 'clamped_low')) {
      const low = new Array(historyDays.length).fill(null);
      for (const p of row.points) if (p.value.state === 'clamped_low') low[slot.get(p.days_since_launch)] = p.value.tps_per_gpu;
      bounds.push([low, { label: row.configuration + ' (lower bounds)', stroke: color, width: 0, paths: () => null,
        points: { show: true, size: 10, width: 2, fill: '#fff', stroke: color } }]);
    }
    const since = row.since_first ? ` ${factorText(row.since_first)} since ${row.since_first.from_date}` : '';
    legend.push(h('li', null, h('span', { class: 'swatch', style: `background:${color}` }),
      `${row.configuration}${since}`));
    for (const p of row.points) {
      const value = p.value.tps_per_gpu;
      rows.push(h('tr', { 'data-configuration': row.configuration, 'data-date': p.date },
        h('td', null, row.configuration), h('td', null, runDateText(row, p)),
        h('td', { class: 'num' }, String(p.days_since_launch)),
        h('td', null, h('span', { class: `badge state-${p.value.state}` }, stateLabel(p.value.state))),
        h('td', { class: 'num', 'data-value': value === null ? '' : String(value) }, value === null ? 'gap' : fmtTps(value)),
        h('td', { class: 'num' }, factorText(p.since_first)), h('td', null, p.gap_reason || bracketText(p))));
    }
  });
  for (const [values, bound] of bounds) {
    data.push(values);
    series.push(bound);
  }
  $('#history-legend').replaceChildren(...legend);
  $('#history-table tbody').replaceChildren(...rows);
  const canvas = $('#history-canvas');
  canvas.dataset.series = String(historyRows.length);
  if (historyChart) historyChart.destroy();
  historyChart = null;
  canvas.replaceChildren();
  const count = (test) => historyRows.reduce((n, r) => n + r.points.filter(test).length, 0);
  const short = count((p) => p.value.tps_per_gpu === null && p.frontier_size > 0);
  const unmeasured = count((p) => p.frontier_size === 0);
  const lowerBounds = count((p) => p.value.state === 'clamped_low');
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  $('#history-status').textContent = historyRows.length
    ? `${plural(historyRows.length, 'configuration')} at ${answer.target_interactivity} tok/s/user, ` +
      `${plural(short, 'run')} short of it` +
      (unmeasured ? `, ${unmeasured} without a point at the basis and metric` : '') +
      (lowerBounds ? `; ${plural(lowerBounds, 'hollow marker')} for values that are only lower bounds (the target ` +
        'below the run\'s slowest point).' : '.')
    : nothingToDraw(true);
  if (!historyRows.length || typeof uPlot === 'undefined') return;
  // No value to scale a y axis to: an empty frame would only look broken; the table lists each run's reason.
  if (!historyRows.some((r) => r.points.some((p) => p.value.tps_per_gpu !== null))) {
    $('#history-status').textContent += ' No run reaches it, so there is no line to draw; the table below says why.';
    return;
  }
  const metric = metricLabel();
  const size = chartSize();
  // A short chart (a phone) has no room along its y axis for the target: the heading and status give it.
  const yLabel = `${metric} tok/s/GPU` +
    (size.height < 340 ? '' : ` at ${answer.target_interactivity} tok/s/user`);
  historyChart = new uPlot({
    ...size,
    legend: { show: false },
    cursor: { drag: { x: false, y: false, setScale: false } },
    // Room beside the first and last days, so that their markers are not cut in half by the frame.
    // From the run days themselves: with a single day, uPlot would otherwise widen the axis to most of a year.
    scales: { x: { time: false, range: () => {
      const [first, last] = [historyDays[0], historyDays[historyDays.length - 1]];
      const pad = Math.max(first === last ? 3 : 1, (last - first) * 0.03);
      return [first - pad, last + pad];
    } }, y: { distr: log ? 3 : 1, log: 10 } },
    // Whole days only: a narrow range would otherwise tick at fractions of a day, labelled alike.
    axes: [{ ...chartAxis(`Days since launch (${answer.launch_date})`),
      incrs: [1, 2, 5, 10, 20, 30, 50, 100, 200, 500] }, chartAxis(yLabel)],
    series,
    hooks: { setCursor: [(u) => showHistoryTooltip(u, historyRows, historyDays)],
      setScale: [(u, key) => { if (key === 'x') canvas.dataset.days = `${u.scales.x.min},${u.scales.x.max}`; }] },
  }, data, canvas);
  historyChart.over.addEventListener('mouseleave', () => { $('#history-tooltip').hidden = true; });
}

// Arrow keys walk the run days, as hovering does; Escape hides the tooltip.
function onHistoryKey(event) {
  if (!historyChart || !historyDays.length) return;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (step) {
    event.preventDefault();
    historyFocus = historyFocus < 0 && step < 0 ? historyDays.length - 1
      : (historyFocus + step + historyDays.length) % historyDays.length;
    const u = historyChart;
    u.setCursor({ left: u.valToPos(historyDays[historyFocus], 'x'), top: u.over.clientHeight / 2 });
  } else if (event.key === 'Escape') {
    $('#history-tooltip').hidden = true;
    historyFocus = -1;
  }
}

// The chart takes the keyboard focus, for the arrow keys (onHistoryKey).
export function bindHistoryKeys() {
  const canvas = $('#history-canvas');
  canvas.tabIndex = 0;
  canvas.addEventListener('keydown', onHistoryKey);
  canvas.addEventListener('blur', () => { $('#history-tooltip').hidden = true; historyFocus = -1; });
}

// The chart fitted to its box after the window changes size.
export function resizeHistory() {
  if (historyChart) historyChart.setSize(chartSize());
}
