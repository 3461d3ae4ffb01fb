// The glance table: the selected model's values every 10 tok/s/user and its operating point under each service-level
// preset, asked again when the model or the date changes.
import { api } from './api.js';
import { initial, valueOf } from './controls.js';
import { $, h } from './dom.js';
import { fmtTps, stateLabel } from './format.js';

const TARGET_UNIT = ' tok/s/user';

// The glance question of the page: the model chosen, as of the date chosen.
function glanceParams() {
  const params = new URLSearchParams({ model: valueOf('model') || initial.default_model });
  if (valueOf('as_of')) params.set('as_of', valueOf('as_of'));
  return params;
}

// A cell in the server's words (server/pages/glance_view.cpp, glance_cell_text).
function cellText(cell) {
  if (cell.state === 'unreachable') return '—';
  const value = fmtTps(cell.tps_per_gpu);
  if (cell.state === 'clamped_low') return '≥ ' + value;
  return cell.state === 'exact' ? value + ' measured' : value;
}
function cellTitle(cell) {
  if (cell.state === 'unreachable') return stateLabel(cell.state) + ': never measured this fast';
  const ids = [cell.lower_result_id, cell.upper_result_id].filter((id) => id);
  return stateLabel(cell.state) + (ids.length === 2 ? `, between results ${ids[0]} and ${ids[1]}`
    : ids.length === 1 ? `, result ${ids[0]}` : '');
}

// A service-level cell in the server's words (server/pages/glance_view.cpp, slo_cell_title).
function sloCellTitle(cell) {
  if (cell.tps_per_gpu === null) return 'No operating point: ' + (cell.none_reason ?? 'none meets every limit');
  return cell.binding_limit ? 'Operating point, bound by ' + cell.binding_limit : 'Operating point';
}

let glanceTicket = 0;
export async function refreshGlance() {
  const ticket = ++glanceTicket;
  const table = $('#glance-table');
  const params = glanceParams();
  table.dataset.state = 'loading';
  let answer;
  try {
    answer = await api('glance', params);
  } catch (error) {
    if (ticket !== glanceTicket) return;
    table.tHead.rows[0].replaceChildren(h('th', { scope: 'col' }, 'Configuration'), h('th', { scope: 'col' }, 'Run date'));
    table.tBodies[0].replaceChildren();
    $('#glance-status').textContent = 'The table could not be loaded: ' + error.message;
    table.dataset.state = 'error';
    return;
  }
  if (ticket !== glanceTicket) return;
  $('#glance-model').textContent = answer.model;
  table.dataset.model = answer.model;
  table.tHead.rows[0].replaceChildren(h('th', { scope: 'col' }, 'Configuration'), h('th', { scope: 'col' }, 'Run date'),
    ...answer.columns.map((c) => h('th', { scope: 'col', class: 'num' },
      h('abbr', { title: c.label }, c.label.endsWith(TARGET_UNIT) ? c.label.slice(0, -TARGET_UNIT.length) : c.label))),
    ...answer.slo_columns.map((c) => h('th', { scope: 'col', class: 'num slo' },
      h('abbr', { title: `${c.label}: ${c.slo}` }, c.label))));
  table.tBodies[0].replaceChildren(...answer.rows.map((r) => h('tr', null,
    h('th', { scope: 'row' }, r.configuration.endsWith(' ' + r.run_date)
      ? r.configuration.slice(0, -r.run_date.length - 1) : r.configuration),
    h('td', null, r.run_date),
    r.cells.map((cell) => h('td', { class: 'num state-' + cell.state, 'data-state': cell.state, title: cellTitle(cell) },
      cellText(cell))),
    r.slo_cells.map((cell, i) => h('td', {
      class: cell.tps_per_gpu === null ? 'num slo state-unreachable' : 'num slo',
      'data-slo': answer.slo_columns[i].key,
      title: sloCellTitle(cell),
    }, cell.tps_per_gpu === null ? '—' : fmtTps(cell.tps_per_gpu))))));
  $('#glance-status').textContent = !answer.rows.length ? 'No configuration of this model has a curve.'
    : !answer.columns.length ? 'No multiple of 10 tok/s/user lies within the measured range.'
      : answer.targets_left_out ? `${answer.targets_left_out} more targets are left out of this table.` : '';
  params.set('format', 'csv');
  $('#glance-csv').href = '/api/v1/glance?' + params;
  $('#glance-csv').hidden = false;
  table.dataset.state = 'ready';
}
