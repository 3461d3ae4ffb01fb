// The frontier chart's tooltip: a point's provenance, from a hover, a tap or the arrow keys.
import { axisName } from './axis_choice.js';
import { $, h } from './dom.js';
import { clip, fmt, fmtPct, fmtTps, safeUrl } from './format.js';

const NOTE_CHARS = 180; // the tooltip's share of the notes; the point page has them all

// On a latency axis the point's latency (its x) and its interactivity; else its interactivity (its x).
function latencyRows(item) {
  const row = (label, value) => [h('dt', null, label), h('dd', null, value)];
  const curve = item.curve;
  if (!curve.axis || curve.axis === 'interactivity') return row('Interactivity', `${fmt(item.x, 1)} tok/s/user`);
  const interactivity = item.point.interactivity?.value;
  return [row(axisName(curve.axis), `${fmt(item.x, 3)} ${curve.axis_unit}`),
    row('Interactivity', Number.isFinite(interactivity) ? `${fmt(interactivity, 1)} tok/s/user` : 'not given')];
}

function tooltipLines(item) {
  const p = item.point;
  const cache = p.cache_hit_rates;
  const row = (label, value) => [h('dt', null, label), h('dd', null, value)];
  const run = safeUrl(p.run_url);
  return h('div', null,
    h('p', { class: 'tooltip-title' }, h('span', { class: 'swatch', style: `background:${item.color}` }),
      `Result ${p.result_id}${p.on_frontier ? '' : ' (dominated)'}`),
    h('dl', null,
      row('Configuration', item.curve.configuration),
      row('Throughput', `${fmtTps(item.y)} tok/s/GPU`),
      ...latencyRows(item),
      row('Date', p.run_date && p.run_date !== p.date ? `${p.date} (run ${p.run_date})` : p.date),
      p.recurrence ? row('Numbers', p.recurrence === 'carried_over'
        ? 'carried over: the run before measured the same at this concurrency' : 'new with this run') : null,
      row('Run', run || p.run_url || 'not given'),
      row('Image', p.image || 'not given'),
      row('GPUs', p.disaggregated ? `${p.prefill_gpus ?? '?'} prefill + ${p.decode_gpus ?? '?'} decode`
        : `${p.total_allocated_gpus} aggregated`),
      row('Concurrency', String(p.concurrency)),
      row('Cache hits', `GPU ${fmtPct(cache.gpu)}, CPU ${fmtPct(cache.cpu)}, external ${fmtPct(cache.external)}`),
      p.notes.length ? row('Notes', clip(p.notes.map((n) => n.text).join(' '), NOTE_CHARS)) : null),
    h('p', { class: 'tooltip-hint' }, 'Click (on a touch screen, tap again) or press Enter for every field.'));
}

// `chart` is the uPlot instance `item` is drawn on.
export function showTooltip(chart, item) {
  const tip = $('#chart-tooltip');
  tip.replaceChildren(tooltipLines(item));
  tip.hidden = false;
  const wrap = $('.chart-wrap').getBoundingClientRect();
  const over = chart.over.getBoundingClientRect();
  const left = over.left - wrap.left + chart.valToPos(item.x, 'x');
  const top = over.top - wrap.top + chart.valToPos(item.y, 'y');
  const maxLeft = wrap.width - tip.offsetWidth - 4;
  tip.style.left = Math.max(4, Math.min(maxLeft, left + 12)) + 'px';
  tip.style.top = Math.max(4, top + 12) + 'px';
}
export function hideTooltip() { $('#chart-tooltip').hidden = true; }
