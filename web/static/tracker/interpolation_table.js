// The table of every configuration at the headline target, asked again for a new as-of date.
import { api } from './api.js';
import { control, valueOf } from './controls.js';
import { $, h } from './dom.js';
import { fmtDollars, fmtTps, pointHref, stateLabel } from './format.js';

// The server rendered this table for the date in the address; a new date asks the API, model by model.
let interpolationTicket = 0;
export async function refreshInterpolation() {
  const ticket = ++interpolationTicket;
  const table = $('#interpolation-table');
  table.dataset.state = 'loading';
  const models = [...control('model').options].map((o) => o.value);
  const answers = await Promise.all(models.map((model) => {
    const params = new URLSearchParams({ model, at: table.dataset.at });
    if (valueOf('as_of')) params.set('as_of', valueOf('as_of'));
    return api('interpolate', params).then((a) => a.rows, () => []);
  }));
  if (ticket !== interpolationTicket) return;
  table.tBodies[0].replaceChildren(...answers.flat().map((r) => {
    const v = r.value;
    const ids = [v.lower_result_id, v.upper_result_id].filter((id) => id);
    return h('tr', { 'data-configuration': r.configuration }, h('td', null, r.configuration),
      h('td', null, h('span', { class: 'badge state-' + v.state }, stateLabel(v.state))),
      h('td', { class: 'num' }, v.tps_per_gpu === null ? 'none' : fmtTps(v.tps_per_gpu)),
      h('td', null, ids.map((id) => [h('a', { href: pointHref(id) }, id), ' ']), (r.findings || []).length
        ? h('ul', { class: 'findings' }, r.findings.map((f) => h('li', null,
          h('span', { class: 'badge finding-' + f.kind }, f.kind), ' ', f.detail))) : null),
      // A lower bound on the throughput (clamped_low) is an upper bound on what a token costs.
      h('td', { class: 'num' }, r.efficiency
        ? (v.state === 'clamped_low' ? '≤ ' : '') + fmtDollars(r.efficiency.cost_per_million_tokens) : 'n/a'));
  }));
  table.dataset.state = 'ready';
}
