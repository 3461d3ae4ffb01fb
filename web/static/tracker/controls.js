// The page's state: the controls hold it (the share link mirrors them, share_link.js), and `state` the little that
// no control holds.
import { $ } from './dom.js';

// What the server put into the page for the script: the default model, the planner's presets, the hardware
// figures.
export const initial = JSON.parse($('#initial-state').textContent);

export const FILTERS = ['model', 'hardware', 'framework', 'precision', 'spec_method', 'disaggregated', 'as_of'];
// Share-link parameter -> control id; a value equal to the control's default is left out of the link.
export const CONTROLS = {
  model: 'f-model', hardware: 'f-hardware', framework: 'f-framework', precision: 'f-precision',
  spec_method: 'f-spec', disaggregated: 'f-disagg', as_of: 'f-as-of', metric: 'c-metric', x: 'c-x', runs: 'c-runs',
  log: 'c-log', history_at: 'h-at', join: 'h-join', at: 'p-at', point: 'p-point', preset: 'p-preset', demand: 'p-demand',
  utilization: 'p-util', cost: 'p-cost', kw: 'p-kw', rack: 'p-rack', axis: 'c-axis', slo: 's-slo',
  rank_by: 's-rank', budget: 'b-kind', cap: 'b-cap', given: 'b-given', budget_at: 'b-at',
};

// The control that holds the share-link parameter `key`.
export const control = (key) => document.getElementById(CONTROLS[key]);
// Each parameter's value when the page opened (main.js fills it in): the share link leaves those out.
export const defaults = {};
export const state = {
  appliedAsOf: '', // the as-of date the sections show: a refused one stays in the field, not in queries
  pendingPoint: null, // a point named by the share link, chosen once the point list has arrived
};
// The value of `key` as the queries send it: '1' or '0' for a checkbox.
export function valueOf(key) {
  if (key === 'as_of') return state.appliedAsOf; // the field may hold a date that was refused
  const el = control(key);
  return el.type === 'checkbox' ? (el.checked ? '1' : '0') : el.value;
}
// Sets the control of `key` to `value`; a select without that option keeps its choice.
export function setValue(key, value) {
  const el = control(key);
  if (el.type === 'checkbox') el.checked = value === '1';
  else if (el.tagName !== 'SELECT' || [...el.options].some((o) => o.value === value)) el.value = value;
}
// How the planner is asked: 'at' a target interactivity, or for a measured 'point'.
export const planBy = () => ($('input[name="plan_by"]:checked') || {}).value || 'at';

// The filters among `keys` that are set, as query parameters.
export function filterParams(keys = FILTERS) {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = valueOf(key);
    if (value) params.set(key, value);
  }
  return params;
}
