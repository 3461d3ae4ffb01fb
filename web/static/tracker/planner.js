// The capacity planner's inputs and its request: the server sizes the plan, the page only asks and shows it.
import { api } from './api.js';
import { control, initial, state, valueOf } from './controls.js';
import { $, h } from './dom.js';
import { updateExportLinks } from './exports.js';
import { demandText, fmt, safeUrl } from './format.js';
import { inPlannerWords, renderPlan } from './plan_view.js';
import { planQuery, presetByKey } from './queries.js';
import { syncUrl } from './share_link.js';

// The published figures the planner uses unless overridden, those in force per hardware on the date applied
// (the server's choice: the latest came with the page), as placeholders.
let costsAsked = 0;  // so that an older date's answer, arriving late, is not shown
export async function showPublishedCosts() {
  const asked = ++costsAsked;
  let inForce = initial.hardware;
  if (state.appliedAsOf) {
    try {
      inForce = await api('hardware', new URLSearchParams({ as_of: state.appliedAsOf }));
    } catch {
      return;  // the placeholders stay; the plan itself names the figures it used
    }
  }
  if (asked !== costsAsked) return;
  // The figures of the hardware the filters choose, or of every hardware with stored points when they choose none.
  const measured = new Set([...control('hardware').options].map((o) => o.value));
  const shown = inForce.filter((hw) => (valueOf('hardware') ? hw.hardware === valueOf('hardware')
    : measured.has(hw.hardware)));
  const none = valueOf('hardware') ? `${valueOf('hardware')}: none in force` : 'none in force';
  const list = (get) => (shown.length ? shown.map((hw) => `${hw.hardware} ${get(hw)}`).join(', ') : none);
  control('cost').placeholder = list((hw) => '$' + fmt(hw.cost_per_gpu_hour, 2));
  control('kw').placeholder = list((hw) => fmt(hw.kw_per_gpu, 2));
  control('rack').placeholder = list((hw) => hw.gpus_per_rack === null ? 'none published' : String(hw.gpus_per_rack));
  // A narrow field cuts its placeholder: the whole of it on hover, and as its description.
  for (const key of ['cost', 'kw', 'rack']) control(key).title = 'Published: ' + control(key).placeholder;
}

// The demand presets the page came with, the first with a demand of its own chosen.
export function fillPlannerChoices() {
  const presetSelect = $('#p-preset');
  presetSelect.replaceChildren(...initial.presets.map((p) => h('option', { value: p.key }, p.label)));
  const first = initial.presets.find((p) => p.tokens_per_day !== null);
  if (first) presetSelect.value = first.key;
}

// The planner offers the latest run of each configuration, and a point named by a share link.
export async function fillPointChoices(points) {
  const select = $('#p-point');
  const previous = state.pendingPoint || select.value;
  let missing = null; // a point the share link names that is not stored
  // Only the link's point is fetched when the filters leave it out; a point chosen before they changed goes.
  if (state.pendingPoint && !points.some((p) => p.result_id === state.pendingPoint)) {
    try {
      points = [await api('points/' + encodeURIComponent(state.pendingPoint)), ...points];
    } catch {
      missing = state.pendingPoint;
    }
  }
  // A missing point is said, and chosen, rather than silently replaced by another one the plan would then size.
  const gone = missing ? [h('option', { value: '' }, `${missing} (from the link) is not stored: choose a point`)] : [];
  select.replaceChildren(...gone, ...points.map((p) => h('option', { value: p.result_id },
    `${p.result_id}: ${p.hardware} ${p.framework} ${p.precision}, ${p.concurrency} users, ${p.date}`)));
  if (missing) select.value = '';
  else if (points.some((p) => p.result_id === previous)) select.value = previous;
  state.pendingPoint = null;
  // The address names the point now chosen, not one the filters left out; a link's missing point stays in it.
  if (!missing) syncUrl();
}

// The demand field follows the preset: its demand shown, a custom one typed kept; the preset's note beneath.
let typedDemand = '';  // a custom demand, while a preset is chosen
export function showPresetNote() {
  const preset = presetByKey.get(valueOf('preset'));
  const custom = !preset || preset.tokens_per_day === null;
  // Disabled, the field shows the preset's demand in use, not the example a custom one is given, nor a demand typed
  // before (kept for a return to a custom demand).
  if (!custom && control('demand').value) {
    typedDemand = control('demand').value;
    control('demand').value = '';
  } else if (custom && control('demand').disabled) {
    control('demand').value = typedDemand;
  }
  control('demand').disabled = !custom;
  control('demand').placeholder = custom ? '40T' : demandText(preset.tokens_per_day);
  const note = $('#p-preset-note');
  const source = preset && safeUrl(preset.source_url);
  note.replaceChildren(preset ? preset.note : '',
    ...(source ? [' ', h('a', { href: source, rel: 'noopener noreferrer' }, 'Source')] : []));
}

// The planner field a refusal is about, marked for assistive technology and by its border; the others cleared.
const PLAN_PARAM_KEYS = { cost_per_gpu_hour: 'cost', kw_per_gpu: 'kw', gpus_per_rack: 'rack', demand: 'demand',
  utilization: 'utilization', at: 'at', point: 'point', preset: 'preset' };
function markPlanField(key) {
  for (const name of ['point', 'at', 'preset', 'demand', 'utilization', 'cost', 'kw', 'rack']) {
    if (name === key) control(name).setAttribute('aria-invalid', 'true');
    else control(name).removeAttribute('aria-invalid');
  }
}

// The plan asked again for the planner's fields, or why it cannot be asked; a newer question overtakes an older.
let planTicket = 0;
export async function refreshPlan() {
  const ticket = ++planTicket;
  updateExportLinks(); // the plan's question may have become answerable (presets arrived)
  const table = $('#plan-table');
  const status = $('#plan-status');
  const [params, problem, field] = planQuery();
  markPlanField(field);
  if (!params) {
    status.textContent = problem;
    table.tBodies[0].replaceChildren(); // an answer to other inputs would mislead
    $('#plan-bars').replaceChildren();
    $('#plan-caveats').replaceChildren();
    table.dataset.state = 'invalid';
    return;
  }
  table.dataset.state = 'loading';
  status.textContent = 'Planning…';
  try {
    const answers = await api('plan', params);
    if (ticket !== planTicket) return;
    renderPlan(answers);
    const planned = answers.filter((a) => a.plan).length;
    const configurations = `${answers.length} configuration${answers.length === 1 ? '' : 's'}`;
    status.textContent = planned === answers.length ? `${planned} of ${configurations} can serve this demand.`
      : planned === 0 ? (answers.length === 1 ? 'The configuration has no plan; the table says why.'
        : `None of the ${configurations} has a plan; the table says why.`)
        : `${planned} of ${configurations} have a plan; the table says why the others have none.`;
    table.dataset.state = 'ready';
  } catch (error) {
    if (ticket !== planTicket) return;
    status.textContent = 'No plan: ' + inPlannerWords(error.message).replace(/^The /, 'the ');
    // A refusal of the query names its parameter first; a configuration's missing figures name none.
    const named = /^(\w+): /.exec(error.message);
    if (error.status === 400 && named && !/give a cost per GPU-hour|give no rack size/.test(error.message)) {
      markPlanField(PLAN_PARAM_KEYS[named[1]]);
    }
    table.tBodies[0].replaceChildren();
    $('#plan-bars').replaceChildren();
    $('#plan-caveats').replaceChildren(); // they were the previous plan's
    table.dataset.state = 'error';
  }
}
