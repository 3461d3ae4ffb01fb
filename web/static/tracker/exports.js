// Downloads: the server's exports of the questions the page asks, and the points listed as the table shows them.
import { latencyAxis } from './axis_choice.js';
import { filterParams, initial, valueOf } from './controls.js';
import { $, h } from './dom.js';
import { interactivityOf, listedPoints } from './points_table.js';
import { frontierParams, historyParams, planQuery } from './queries.js';

// Downloads with provenance come from the server's export of the same questions the page asks.
export function updateExportLinks() {
  const model = valueOf('model') || initial.default_model;
  const points = filterParams();
  points.set('model', model);
  if (valueOf('runs') !== 'all') points.set('runs', 'latest');
  const interpolations = filterParams();
  interpolations.set('model', model);
  interpolations.set('at', $('#interpolation-table').dataset.at);
  const [plan] = planQuery();
  const questions = { points, frontiers: frontierParams(model, false), interpolations, history: historyParams(), plans: plan };
  const format = $('#export-format').value;
  // The export reads one run per configuration: with every run date drawn, it still holds the latest ones. It
  // gives the curves against interactivity, whichever axis the chart shows.
  const notes = [valueOf('runs') === 'all' ? 'latest runs only' : '', latencyAxis() ? 'against interactivity' : '']
    .filter((note) => note);
  $('#export-frontiers').textContent = 'frontiers' + (notes.length ? ` (${notes.join(', ')})` : '');
  for (const [kind, params] of Object.entries(questions)) {
    const link = $(`#export-${kind}`);
    link.hidden = !params;
    if (params) link.href = `/api/v1/export/${kind}?${params}&format=${format}`;
  }
}

const CSV_COLUMNS = [
  ['result_id', (p) => p.result_id], ['model', (p) => p.model], ['hardware', (p) => p.hardware],
  ['framework', (p) => p.framework], ['precision', (p) => p.precision], ['spec_method', (p) => p.spec_method],
  ['disaggregated', (p) => p.disaggregated], ['total_allocated_gpus', (p) => p.total_allocated_gpus],
  ['prefill_gpus', (p) => p.prefill_gpus], ['decode_gpus', (p) => p.decode_gpus],
  ['concurrency', (p) => p.concurrency], ['interactivity', (p) => interactivityOf(p)[0]],
  // Per allocated GPU, as the table and the server's export give them.
  ['interactivity_basis', (p) => interactivityOf(p)[1]],
  ['total_tps_per_gpu', (p) => p.tps_per_allocated_gpu.total],
  ['input_tps_per_gpu', (p) => p.tps_per_allocated_gpu.input],
  ['output_tps_per_gpu', (p) => p.tps_per_allocated_gpu.output],
  ['date', (p) => p.date],
];
function csvCell(value) {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Text a spreadsheet would run as a formula goes after a "'", by the server's rule (util/csv_field.hpp).
  if (typeof value === 'string' && /^'*([=@\t\r]|[+-].)/s.test(text)) text = "'" + text;
  return /[",\n\r]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
}
function toCsv(points) {
  const lines = [CSV_COLUMNS.map(([name]) => name).join(',')];
  for (const p of points) lines.push(CSV_COLUMNS.map(([, get]) => csvCell(get(p))).join(','));
  return lines.join('\r\n') + '\r\n';
}
function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
const exportName = (ext) => `infertrack-points-${valueOf('model') || 'all'}.${ext}`;

// The format of the server's downloads, and the points listed downloaded as they are.
export function bindExports() {
  $('#export-format').addEventListener('change', updateExportLinks);
  $('#export-csv').addEventListener('click', () => download(exportName('csv'), 'text/csv', toCsv(listedPoints())));
  $('#export-json').addEventListener('click', () =>
    download(exportName('json'), 'application/json', JSON.stringify(listedPoints(), null, 2) + '\n'));
}
