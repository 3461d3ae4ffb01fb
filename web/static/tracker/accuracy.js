// "Accuracy beside speed": each stored lm-eval score with its standard error next to its configuration's
// throughput per GPU at the headline target (GET /api/v1/evals), and the configurations that are faster there but
// score measurably lower (by more than 2 combined standard errors).
import { api } from './api.js';
import { filterParams, initial, valueOf } from './controls.js';
import { $, h } from './dom.js';
import { fmtTps, stateLabel } from './format.js';

const scoreText = (row) => `${row.score.toFixed(4)} ± ${row.stderr === null ? '?' : row.stderr.toFixed(4)}`;

function throughputCell(row) {
  const value = row.interpolation;
  if (!value) return h('td', { class: 'num' }, 'no curve');
  if (value.tps_per_gpu === null) return h('td', { class: 'num' }, stateLabel(value.state));
  const bound = value.state === 'clamped_low' ? '≥ ' : '';
  return h('td', { class: 'num' }, bound + fmtTps(value.tps_per_gpu));
}

let accuracyTicket = 0;
export async function refreshAccuracy() {
  const ticket = ++accuracyTicket;
  const table = $('#accuracy-table');
  const status = $('#accuracy-status');
  const params = filterParams();
  params.set('model', valueOf('model') || initial.default_model);
  params.set('at', table.dataset.at);
  table.dataset.state = 'loading';
  let answer;
  try {
    answer = await api('evals', params);
  } catch (error) {
    if (ticket !== accuracyTicket) return;
    table.tBodies[0].replaceChildren();
    status.textContent = 'The accuracy scores could not be loaded: ' + error.message;
    table.dataset.state = 'error';
    return;
  }
  if (ticket !== accuracyTicket) return;
  table.tBodies[0].replaceChildren(...answer.evals.map((row) => h('tr', null,
    h('th', { scope: 'row' }, row.configuration),
    h('td', null, row.task),
    h('td', { class: 'num' }, scoreText(row)),
    throughputCell(row),
    h('td', null, row.date))));
  $('#accuracy-warnings').replaceChildren(...answer.warnings.map((w) => h('li', null, w.detail)));
  status.textContent = answer.evals.length
    ? `${answer.evals.length} score${answer.evals.length === 1 ? '' : 's'}; ${answer.warnings.length} accuracy ` +
      `warning${answer.warnings.length === 1 ? '' : 's'}.`
    : 'No accuracy scores are stored for these filters.';
  table.dataset.rows = String(answer.evals.length);
  table.dataset.state = 'ready';
}
