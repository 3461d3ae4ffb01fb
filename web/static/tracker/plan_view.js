// The planner's answer: a row and a bar per configuration, and the figures and caveats it rests on.
import { PALETTE } from './chart_frame.js';
import { $, h } from './dom.js';
import { fmt, fmtCompact, fmtDollars, stateLabel } from './format.js';

const BINDING_WORDS = { both: 'input and output alike', total: 'total tokens' };

// The server's reason names the command's flags and the API's parameters; here the planner's own fields do that.
const PLANNER_LABELS = { cost_per_gpu_hour: '$ per GPU-hour', kw_per_gpu: 'All-in kW per GPU',
  gpus_per_rack: 'GPUs per rack', demand: 'Demand', utilization: 'Usable capacity' };
export function inPlannerWords(text) {
  const missing = /^(?:\w+: )?(.*): give a cost per GPU-hour, kW per GPU and GPUs per rack \(.*\)$/.exec(text);
  if (missing) return `${missing[1]}: fill in "$ per GPU-hour", "All-in kW per GPU" and "GPUs per rack" above to plan it.`;
  const noRack = /^(?:\w+: )?(.*give no rack size): give GPUs per rack \(.*\)$/.exec(text);
  if (noRack) {
    const hardware = /hardware '([^']+)'/.exec(noRack[1]);
    return `${noRack[1][0].toUpperCase()}${noRack[1].slice(1)}: fill in "GPUs per rack" above to plan it` +
      (hardware ? ` (${hardware[1]}=N sizes this hardware alone).` : '.');
  }
  const named = /^(\w+): (.*)$/s.exec(text);
  return named && PLANNER_LABELS[named[1]] ? `${PLANNER_LABELS[named[1]]}: ${named[2]}` : text;
}

const PLAN_FIELDS = [
  ['groups', (p) => p.groups, (v) => fmt(v, 0)],
  ['racks', (p) => p.racks, (v) => fmt(v, 0)],
  ['provisioned_gpus', (p) => p.provisioned_gpus, null],
  ['cost_per_day', (p) => p.cost_per_day, (v) => '$' + fmt(v, 0)],
  ['power_mw', (p) => p.power_mw, (v) => fmt(v, 2)],
  ['cost_per_million_tokens', (p) => p.cost_per_million_tokens, fmtDollars],
];

// A row per configuration, its plan or why it has none, bars for those with a plan, and the figures used.
export function renderPlan(answers) {
  const rows = answers.map((answer) => {
    const plan = answer.plan;
    const name = h('td', null, answer.configuration,
      answer.interpolation ? h('span', { class: 'badge' }, stateLabel(answer.interpolation.state)) : null);
    if (!plan) {
      return h('tr', { 'data-configuration': answer.configuration },
        name, h('td', { colspan: 7, class: 'unavailable' }, inPlannerWords(answer.unavailable || 'no plan')));
    }
    const atMost = answer.interpolation?.state === 'clamped_low';
    const cells = PLAN_FIELDS.map(([field, get, format]) => {
      const value = get(plan);
      const text = format ? format(value) : `${fmt(value, 0)} (${fmt(plan.idle_gpus, 0)})`;
      // Sized on a lower bound of throughput, the plan is an upper bound of what the demand takes.
      return h('td', { class: 'num', 'data-field': field, 'data-value': value }, atMost ? '≤ ' + text : text);
    });
    return h('tr', { 'data-configuration': answer.configuration }, name, ...cells,
      h('td', null, BINDING_WORDS[plan.binding] || plan.binding));
  });
  $('#plan-table').tBodies[0].replaceChildren(...rows);
  renderPlanBars(answers.filter((a) => a.plan));
  const caveats = [...new Set(answers.flatMap((a) => a.caveats))];
  const costs = answers.filter((a) => a.plan).map((a) => a.hardware).filter((hw, i, all) =>
    all.findIndex((o) => o.hardware === hw.hardware) === i);
  $('#plan-caveats').replaceChildren(
    ...costs.map((hw) => h('li', null, `${hw.name}: $${fmt(hw.cost_per_gpu_hour, 2)}/GPU-hr, ` +
      `${fmt(hw.kw_per_gpu, 2)} kW/GPU all-in, ${hw.gpus_per_rack} GPUs per rack (${hw.effective_date}` +
      `${answers.some((a) => a.hardware && a.hardware.hardware === hw.hardware &&
        (a.cost_overridden || a.power_overridden || a.gpus_per_rack_overridden)) ? ', with your overrides' : ''}).`)),
    ...caveats.map((text) => h('li', null, text)));
}

function renderPlanBars(answers) {
  const groups = [['Racks', 'racks', (v) => fmt(v, 0)], ['$ per day', 'cost_per_day', (v) => '$' + fmtCompact(v)],
    ['Megawatts', 'power_mw', (v) => fmt(v, 2)],
    ['$ per million tokens', 'cost_per_million_tokens', fmtDollars]];
  const colorOf = new Map(answers.map((a, i) => [a.configuration, PALETTE[i % PALETTE.length]]));
  $('#plan-bars').replaceChildren(...(answers.length ? groups : []).map(([title, field, format]) => {
    const max = Math.max(...answers.map((a) => a.plan[field]));
    return h('figure', { class: 'bar-group' }, h('figcaption', null, title),
      ...answers.map((a) => h('div', { class: 'bar-row' },
        h('span', { class: 'bar-label' }, a.configuration),
        h('span', { class: 'bar-track' }, h('span', {
          class: 'bar', style: `width:${max > 0 ? (100 * a.plan[field]) / max : 0}%;` +
            `background:${colorOf.get(a.configuration)}` })),
        h('span', { class: 'bar-value' }, format(a.plan[field])))));
  }));
}
