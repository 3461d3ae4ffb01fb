// The planner's inverse questions: what a cost cap or a power budget buys on each configuration's curve. The server
// solves them; the page shows its rows.
import { api } from './api.js';
import { valueOf } from './controls.js';
import { $, h } from './dom.js';
import { markField, refusedParameter } from './field_errors.js';
import { demandText, fmt, fmtDollars, fmtTps, pointHref, stateLabel } from './format.js';
import { inPlannerWords } from './plan_view.js';
import { budgetQuery } from './queries.js';

const BUDGET_FIELDS = ['cap', 'budget_at'];
const CAP_PARAMETERS = ['max_cost_per_million', 'max_cost_per_day', 'megawatts'];
const COLUMNS = 10;

function budgetRow(row) {
  const name = h('td', null, row.configuration);
  if (row.unavailable || !row.position) {
    return h('tr', { 'data-configuration': row.configuration },
      name, h('td', { colspan: COLUMNS - 1, class: 'unavailable' }, row.unavailable || 'no answer'));
  }
  const position = row.position;
  // The plan that serves the demand where there is one, else what the budget itself holds.
  const fleet = row.plan || row.budget || {};
  const cell = (field, value, text) => h('td', { class: 'num', 'data-field': field, 'data-value': value ?? '' },
    value === null || value === undefined ? '—' : text);
  const ids = [position.lower_result_id, position.upper_result_id].filter((id) => id);
  return h('tr', { 'data-configuration': row.configuration },
    name,
    h('td', { class: 'num', 'data-field': 'interactivity', 'data-value': position.interactivity },
      fmt(position.interactivity, 1), h('span', { class: 'badge state-' + position.state }, stateLabel(position.state))),
    cell('tps_per_gpu', position.tps_per_gpu, fmtTps(position.tps_per_gpu)),
    h('td', null, ids.map((id) => [h('a', { href: pointHref(id) }, id), ' '])),
    cell('tokens_per_day', row.tokens_per_day, demandText(row.tokens_per_day)),
    cell('racks', fleet.racks, fmt(fleet.racks, 0)),
    cell('provisioned_gpus', fleet.provisioned_gpus, fmt(fleet.provisioned_gpus, 0)),
    cell('cost_per_day', fleet.cost_per_day, '$' + fmt(fleet.cost_per_day, 0)),
    cell('power_mw', fleet.power_mw, fmt(fleet.power_mw, 2)),
    cell('cost_per_million_tokens', fleet.cost_per_million_tokens, fmtDollars(fleet.cost_per_million_tokens)));
}

// The demand and target fields matter only to the questions that take them.
export function showBudgetChoices() {
  const perMillion = valueOf('budget') === 'max_cost_per_million';
  document.getElementById('b-given').disabled = perMillion;
  document.getElementById('b-at').disabled = perMillion || valueOf('given') !== 'at';
}

// Whether the form's question stands: once submitted (or opened from a share link), the answer follows the filters
// and the planner; a question being edited waits for Enter.
let budgetAsked = false;
export function budgetStands(stands) {
  budgetAsked = stands;
}

// The question asked again, if it stands; `asked` (the form was submitted) makes it stand, and says what is missing
// rather than waiting for an amount. A newer question overtakes an older one still loading.
let budgetTicket = 0;
export async function refreshBudget(asked = false) {
  const ticket = ++budgetTicket;
  if (asked) budgetAsked = true;
  if (!budgetAsked) return;
  const table = $('#budget-table');
  const status = $('#budget-status');
  const clear = (state) => {
    table.tBodies[0].replaceChildren();
    table.dataset.state = state;
  };
  if (!asked && !valueOf('cap').trim()) {
    markField(BUDGET_FIELDS, null);
    status.textContent = '';
    clear('idle');
    return;
  }
  const [params, problem, field] = budgetQuery();
  markField(BUDGET_FIELDS, field, problem);
  if (!params) {
    status.textContent = 'No answer: ' + problem;
    clear('invalid');
    return;
  }
  table.dataset.state = 'loading';
  status.textContent = 'Solving…';
  try {
    const answer = await api('budget', params);
    if (ticket !== budgetTicket) return;
    table.tBodies[0].replaceChildren(...answer.rows.map(budgetRow));
    const answered = answer.rows.filter((r) => !r.unavailable && r.position).length;
    status.textContent = answer.rows.length
      ? `The ${answer.rows[0].question}: ${answered} of ${answer.rows.length} configurations answer.`
      : 'No configuration of these filters has a curve.';
    table.dataset.state = 'ready';
  } catch (error) {
    if (ticket !== budgetTicket) return;
    const named = refusedParameter(error);
    const key = CAP_PARAMETERS.includes(named) ? 'cap' : named === 'at' ? 'budget_at' : null;
    if (key) markField(BUDGET_FIELDS, key, error.message);
    status.textContent = 'No answer: ' + inPlannerWords(error.message);
    clear('error');
  }
}
