// "What changed": each run against the run before it (GET /api/v1/changes, precisions joined), and which runs are
// new since this browser's last visit. The visit is remembered in local storage as the newest run date it was shown
// per model: no account, nothing sent to the server.
import { api } from './api.js';
import { initial, valueOf } from './controls.js';
import { $, h } from './dom.js';
import { fmtTps } from './format.js';

const SEEN_KEY = 'infertrack.changes.seen:';
// Per model, the newest run date seen before this page was opened: read once, so that the marks stay for the whole
// visit while storage already holds this visit's date.
const baselines = new Map();

function storedSeen(model) {
  try {
    return localStorage.getItem(SEEN_KEY + model);
  } catch {
    return null; // storage disabled: every visit is a first one
  }
}

function storeSeen(model, date) {
  try {
    localStorage.setItem(SEEN_KEY + model, date);
  } catch {
    // storage disabled or full: nothing is remembered
  }
}

function sizeText(finding) {
  const prefix = finding.bound === 'at_least' ? '≥ ' : finding.bound === 'at_most' ? '≤ ' : '';
  const sign = finding.percent >= 0 ? '+' : '';
  return `${prefix}${finding.ratio.toFixed(2)}× (${sign}${finding.percent.toFixed(1)}%)`;
}

function pointLink(id) {
  return id ? h('a', { href: '/points/' + encodeURIComponent(id) }, id) : '—';
}

function bracketCell(value) {
  return [pointLink(value.lower_result_id), value.upper_result_id ? [' .. ', pointLink(value.upper_result_id)] : null];
}

function spreadText(spread) {
  if (!spread || spread.runs === 0) return 'none (a lower bound)';
  if (spread.runs === 1) return '1 run';
  return `${fmtTps(spread.min)}–${fmtTps(spread.max)} tok/s/GPU over ${spread.runs} runs`;
}

function runCell(run, isNew) {
  return h('td', null, run.date, ' ', h('span', { class: 'note' }, run.precision),
    isNew ? [' ', h('mark', { class: 'new-since-visit' }, 'new since your last visit')] : null);
}

let changesTicket = 0;
export async function refreshChanges() {
  const ticket = ++changesTicket;
  const model = valueOf('model') || initial.default_model;
  const table = $('#changes-table');
  const status = $('#changes-status');
  table.dataset.state = 'loading';
  let answer;
  try {
    answer = await api('changes', new URLSearchParams({ model, join_precisions: 'true' }));
  } catch (error) {
    if (ticket !== changesTicket) return;
    table.tBodies[0].replaceChildren();
    status.textContent = 'The changes could not be loaded: ' + error.message;
    table.dataset.state = 'error';
    return;
  }
  if (ticket !== changesTicket) return;
  if (!baselines.has(model)) baselines.set(model, storedSeen(model));
  const seen = baselines.get(model);
  const newest = answer.runs.reduce((latest, run) => (run.date > latest ? run.date : latest), '');
  if (newest && (!storedSeen(model) || newest > storedSeen(model))) storeSeen(model, newest);
  const isNew = (date) => seen !== null && date > seen;

  table.tBodies[0].replaceChildren(...answer.findings.map((f) => {
    const at = f.values.find((v) => v.target === f.at) || f.values[0];
    return h('tr', { 'data-direction': f.direction, 'data-new': isNew(f.later.date) ? 'true' : null },
      h('th', { scope: 'row' }, f.configuration),
      runCell(f.earlier, false),
      runCell(f.later, isNew(f.later.date)),
      h('td', { class: 'change-' + f.direction }, f.direction),
      h('td', { class: 'num' }, sizeText(f)),
      h('td', { class: 'num', title: 'changed this much or more at ' + f.targets.join(', ') }, String(f.at)),
      h('td', null, at ? [bracketCell(at.earlier), ' → ', bracketCell(at.later)] : '—'),
      h('td', null, at ? spreadText(at.later_spread) : '—'));
  }));
  const fresh = answer.runs.filter((run) => isNew(run.date) && run.status === 'new').length;
  const visit = $('#changes-visit');
  visit.textContent = seen === null
    ? 'First visit from this browser: later visits mark the runs that came since.'
    : fresh ? `${fresh} new run${fresh === 1 ? '' : 's'} since your last visit (newest run then: ${seen}).`
      : `Nothing new since your last visit (newest run then: ${seen}).`;
  visit.dataset.fresh = String(fresh);
  const carried = answer.runs.filter((run) => run.status === 'carried_over').length;
  status.textContent = (answer.findings.length ? '' : 'No change of 10% or more between runs. ')
    + `${answer.runs.length} runs, ${carried} carried over (every point repeats the run before).`;
  table.dataset.model = model;
  table.dataset.state = 'ready';
}
