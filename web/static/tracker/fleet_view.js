// The best fleet under a service-level target: the server ranks every configuration's plan, and the page shows the
// ranking, the uncertainty ranges the server gives, the configurations left unranked with their reasons, and the
// caveats.
import { api } from './api.js';
import { valueOf } from './controls.js';
import { $, h } from './dom.js';
import { markField, refusedParameter } from './field_errors.js';
import { demandText, fmt, fmtDollars } from './format.js';
import { inPlannerWords } from './plan_view.js';
import { fleetQuery } from './queries.js';

const FLEET_FIELDS = ['slo', 'rank_by'];
const RANK_WORDS = { cost: '$ per day', power: 'megawatts', gpus: 'GPUs' };
const dollars = (v) => '$' + fmt(v, 0);
const range = (r, format) => (r ? `${format(r.low)}–${format(r.high)}` : 'n/a');

function fleetRow(entry) {
  const plan = entry.plan;
  const uncertainty = entry.uncertainty || {};
  const cell = (field, value, text) => h('td', { class: 'num', 'data-field': field, 'data-value': value }, text);
  return h('tr', { 'data-configuration': entry.configuration },
    cell('rank', entry.rank, String(entry.rank)),
    // A fleet's own caveats (its brackets ran groups of other sizes, say) stay with its row, folded.
    h('td', null, entry.configuration, (entry.caveats || []).length
      ? h('details', { class: 'row-caveats' }, h('summary', null, `${entry.caveats.length} caveat` +
        (entry.caveats.length === 1 ? '' : 's')), h('ul', null, entry.caveats.map((text) => h('li', null, text))))
      : null),
    h('td', { 'data-field': 'binding_limit' }, entry.service_level?.binding_limit || 'n/a'),
    cell('groups', plan.groups, fmt(plan.groups, 0)),
    cell('racks', plan.racks, fmt(plan.racks, 0)),
    cell('provisioned_gpus', plan.provisioned_gpus, fmt(plan.provisioned_gpus, 0)),
    cell('cost_per_day', plan.cost_per_day, dollars(plan.cost_per_day)),
    cell('power_mw', plan.power_mw, fmt(plan.power_mw, 2)),
    cell('cost_per_million_input_tokens', entry.cost_per_million_input_tokens,
      fmtDollars(entry.cost_per_million_input_tokens)),
    cell('cost_per_million_output_tokens', entry.cost_per_million_output_tokens,
      fmtDollars(entry.cost_per_million_output_tokens)),
    h('td', { class: 'num', 'data-field': 'cost_per_day_over_brackets' },
      uncertainty.over_brackets ? range(uncertainty.over_brackets.cost_per_day, dollars) : 'measured'),
    h('td', { class: 'num', 'data-field': 'cost_per_day_over_utilization' },
      range(uncertainty.over_utilization?.cost_per_day, dollars)));
}

function clear(state) {
  $('#fleet-table').tBodies[0].replaceChildren();
  $('#fleet-unranked').replaceChildren();
  $('#fleet-unranked-title').hidden = true;
  $('#fleet-caveats').replaceChildren();
  $('#fleet-table').dataset.state = state;
}

function renderFleet(answer) {
  $('#fleet-table').tBodies[0].replaceChildren(...answer.ranked.map(fleetRow));
  $('#fleet-unranked-title').hidden = answer.unranked.length === 0;
  $('#fleet-unranked').replaceChildren(...answer.unranked.map((u) =>
    h('li', { 'data-configuration': u.configuration }, `${u.configuration}: ${inPlannerWords(u.reason)}`)));
  $('#fleet-caveats').replaceChildren(...answer.caveats.map((text) => h('li', null, text)));
  const ranked = answer.ranked.length;
  $('#fleet-status').textContent = `${ranked} configuration${ranked === 1 ? '' : 's'} ranked by ` +
    `${RANK_WORDS[answer.rank_by] || answer.rank_by} for ${demandText(answer.tokens_per_day)} tokens/day ` +
    `at ${answer.slo}, utilization ${answer.utilization}` +
    (answer.unranked.length ? `; ${answer.unranked.length} not ranked (listed below the table).` : '.');
}

// Whether the form's question stands: once submitted (or opened from a share link), the ranking follows the filters
// and the planner; a target being edited waits for Enter rather than asking with half a limit.
let fleetAsked = false;
export function fleetStands(stands) {
  fleetAsked = stands;
}

// The ranking asked again, if the question stands; `asked` (the form was submitted) makes it stand, and says what is
// missing rather than waiting for a target. A newer question overtakes an older one still loading.
let fleetTicket = 0;
export async function refreshFleet(asked = false) {
  const ticket = ++fleetTicket;
  const status = $('#fleet-status');
  if (asked) fleetAsked = true;
  if (!fleetAsked) return;
  if (!asked && !valueOf('slo').trim()) {
    markField(FLEET_FIELDS, null);
    status.textContent = '';
    clear('idle');
    return;
  }
  const [params, problem, field] = fleetQuery();
  markField(FLEET_FIELDS, field, problem);
  if (!params) {
    status.textContent = 'No ranking: ' + problem;
    clear('invalid');
    return;
  }
  $('#fleet-table').dataset.state = 'loading';
  status.textContent = 'Ranking…';
  try {
    const answer = await api('fleet', params);
    if (ticket !== fleetTicket) return;
    renderFleet(answer);
    $('#fleet-table').dataset.state = 'ready';
  } catch (error) {
    if (ticket !== fleetTicket) return;
    const named = refusedParameter(error);
    if (FLEET_FIELDS.includes(named)) markField(FLEET_FIELDS, named, error.message);
    status.textContent = 'No ranking: ' + inPlannerWords(error.message);
    clear('error');
  }
}
