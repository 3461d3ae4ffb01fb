// The points table: what the chart shows, listed from the API, one page at a time.
import { api } from './api.js';
import { valueOf } from './controls.js';
import { $, h } from './dom.js';
import { fmt, fmtTps, pointHref } from './format.js';
import { tableParams } from './queries.js';

// The table lists what the chart shows: the latest run of each configuration, or with "every run date"
// every point, one page of the API at a time as the reader asks for more. Never every point at once.
let shownPoints = [];
let nextPage = null; // the API's cursor for the rest of the listing, or null

// The statistic the server chose for listings (its workload's default basis).
export function interactivityOf(point) {
  if (!point.interactivity) return [null, 'none'];
  return [point.interactivity.value, point.interactivity.basis === 'p90_itl' ? 'P90' : 'median'];
}
function gpusText(point) {
  return point.disaggregated && point.prefill_gpus !== null && point.decode_gpus !== null
    ? `${point.total_allocated_gpus} (${point.prefill_gpus}P + ${point.decode_gpus}D)`
    : String(point.total_allocated_gpus);
}

function renderPointsTable(points, next, added = points) {
  shownPoints = points;
  nextPage = next;
  const table = $('#points-table');
  const rows = added.map((p) => {
    const [speed, basis] = interactivityOf(p);
    const num = (text) => h('td', { class: 'num' }, text);
    return h('tr', { 'data-result-id': p.result_id },
      // What tells points apart and their measured numbers first: at 1280 px they fit without scrolling.
      h('td', null, h('a', { href: pointHref(p.result_id) }, p.result_id), (p.findings || []).map((f) =>
        [' ', h('span', { class: 'badge finding-' + f.kind, title: f.detail }, f.kind)])),
      h('td', null, p.hardware), h('td', null, p.framework), h('td', null, p.precision),
      num(String(p.concurrency)), num(fmt(speed, 1)), h('td', null, basis),
      num(fmtTps(p.tps_per_allocated_gpu.total)), num(fmtTps(p.tps_per_allocated_gpu.input)),
      num(fmtTps(p.tps_per_allocated_gpu.output)),
      h('td', { 'data-field': 'date' }, p.date), num(gpusText(p)), h('td', null, p.spec_method),
      h('td', null, p.disaggregated ? 'disaggregated' : 'aggregated'), h('td', null, p.model));
  });
  if (added === points) table.tBodies[0].replaceChildren(...rows);
  else table.tBodies[0].append(...rows);
  table.dataset.count = String(points.length);
  table.dataset.state = 'ready';
  $('#points-count').textContent = String(points.length);
  $('#points-more').hidden = next === null;
  $('#points-scope').textContent = valueOf('runs') === 'all'
    ? (next === null ? 'Every run of each configuration.' : `Every run of each configuration: the first ${points.length}.`)
    : 'The latest run of each configuration, as the chart draws them; choose "Every run date" above for earlier runs.';
}

let tableTicket = 0;
// The table's listing asked again (`more`: its next page added); the answer, or null when it failed or was
// overtaken by a newer question.
export async function loadTable(more) {
  const ticket = ++tableTicket;
  const table = $('#points-table');
  table.dataset.state = 'loading';
  const params = tableParams();
  if (more) params.set('after', nextPage);
  try {
    const answer = await api('points', params);
    if (ticket !== tableTicket) return null;
    if (more) renderPointsTable(shownPoints.concat(answer.points), answer.next, answer.points);
    else renderPointsTable(answer.points, answer.next);
    $('#points-filters').textContent = answer.filter_summary; // the server's words for the filters it applied
    return answer;
  } catch (error) {
    if (ticket !== tableTicket) return null;
    if (!more) renderPointsTable([], null); // the rows of other filters must not stand under these
    $('#points-scope').textContent = 'The points could not be loaded: ' + error.message;
    table.dataset.state = 'error';
    return null;
  }
}

// The points the table lists, as the downloads take them.
export const listedPoints = () => shownPoints;

// "Show more points" asks the API for the next page of the listing.
export function bindMorePoints() {
  $('#points-more').addEventListener('click', () => { if (nextPage !== null) loadTable(true); });
}
