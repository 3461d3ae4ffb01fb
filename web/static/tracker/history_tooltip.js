// The history chart's tooltip, and the words it shares with the table of values by run date.
import { PALETTE } from './chart_frame.js';
import { $, h } from './dom.js';
import { fmt, fmtTps, safeUrl, stateLabel } from './format.js';

const BOUND_PREFIX = { exact: '', at_least: '≥ ', at_most: '≤ ', indeterminate: '~ ' };
export const factorText = (f) => (f && f.factor !== null ? `${BOUND_PREFIX[f.bound] || ''}${fmt(f.factor, 2)}x` : '');
const knotText = (k) => `${k.result_id} (${fmt(k.interactivity, 2)} tok/s/user, ${fmtTps(k.tps_per_gpu)})`;
export const bracketText = (p) => [p.lower, p.upper].filter(Boolean).map(knotText).join(' .. ');

// A run's date, with its precision where the line joins several.
export const runDateText = (row, p) => (row.precision.includes('/') ? `${p.date} (${p.precision})` : p.date);

// Every configuration's run on the hovered day: value, state, run and brackets, or why there is none. `rows` are
// the history's configurations as drawn on `u`, `days` its run days.
export function showHistoryTooltip(u, rows, days) {
  const tip = $('#history-tooltip');
  const index = u.cursor.idx;
  if (index === null || index === undefined || u.cursor.left < 0) { tip.hidden = true; return; }
  const day = days[index];
  const row = (label, value) => [h('dt', null, label), h('dd', null, value)];
  const entries = [];
  rows.forEach((r, i) => {
    const p = r.points.find((q) => q.days_since_launch === day);
    if (!p) return;
    const run = safeUrl(p.run_url);
    entries.push(h('p', { class: 'tooltip-title' },
      h('span', { class: 'swatch', style: `background:${PALETTE[i % PALETTE.length]}` }), r.configuration),
    h('dl', null,
      row('Value', p.value.tps_per_gpu === null ? `gap: ${p.gap_reason}`
        : `${fmtTps(p.value.tps_per_gpu)} tok/s/GPU (${stateLabel(p.value.state)})`),
      row('Run', run ? `${runDateText(r, p)}, ${run}` : runDateText(r, p)),
      row(p.upper ? 'Between' : 'From', bracketText(p) || 'none'),
      p.since_first && p.since_first.factor !== null ? row('Since first', factorText(p.since_first)) : null));
  });
  tip.replaceChildren(h('div', null, h('p', { class: 'tooltip-hint' }, `Day ${day}`), ...entries));
  tip.hidden = false;
  const maxLeft = tip.parentElement.clientWidth - tip.offsetWidth - 4;
  tip.style.left = Math.max(4, Math.min(maxLeft, u.cursor.left + 16)) + 'px';
  tip.style.top = Math.max(4, u.cursor.top + 16) + 'px';
}
