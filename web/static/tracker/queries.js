// The questions the page asks the API, from the controls: the same ones its download links ask for export.
import { frontierX } from './axis_choice.js';
import { filterParams, initial, planBy, valueOf } from './controls.js';

const NUMBER = String.raw`(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?`; // a decimal, as the server reads one
const DEMAND_PATTERN = new RegExp(`^${NUMBER}[TBMtbm]?$`);
// A planner override: a figure for every hardware, or hardware=figure pairs separated by commas.
const OVERRIDE_NUMBER = new RegExp(`^${NUMBER}$`);
const OVERRIDE_PAIR = String.raw`[\w.-]+ *= *${NUMBER}`;
const OVERRIDE_PAIRS = new RegExp(`^${OVERRIDE_PAIR}( *, *${OVERRIDE_PAIR})*$`);

// The points table's listing: the latest run of each configuration, or every run.
export function tableParams() {
  const params = filterParams();
  params.set('runs', valueOf('runs') === 'all' ? 'all' : 'latest');
  return params;
}

// The frontier chart's curves of `model`, against the chosen axis (`onAxis`; else the interactivity basis), at the
// chosen throughput.
export function frontierParams(model, onAxis = true) {
  const params = filterParams();
  params.set('model', model);
  params.set('x', onAxis ? frontierX() : valueOf('x'));
  params.set('metric', valueOf('metric'));
  return params;
}

// The history chart's values at its target.
export function historyParams() {
  const params = filterParams();
  params.set('model', valueOf('model') || initial.default_model);
  for (const [name, key] of [['at', 'history_at'], ['x', 'x'], ['metric', 'metric']]) params.set(name, valueOf(key));
  if (valueOf('join') === '1') params.set('join_precisions', 'true');
  return params;
}

// The demand presets the page came with, by key.
export const presetByKey = new Map(initial.presets.map((p) => [p.key, p]));

// The plan's query from the planner's fields: [params, null], or [null, what is wrong, the key of the field
// it is about] when the fields cannot be right.
export function planQuery() {
  const params = new URLSearchParams();
  if (planBy() === 'point') {
    if (!valueOf('point')) return [null, 'Choose a measured point.', 'point'];
    params.set('point', valueOf('point'));
    if (valueOf('as_of')) params.set('as_of', valueOf('as_of')); // priced as of that day, as the curves are
  } else {
    const at = Number(valueOf('at'));
    if (!(at > 0)) return [null, 'Enter a target interactivity above 0 tok/s/user.', 'at'];
    for (const [key, value] of filterParams()) params.set(key, value);
    params.set('at', String(at));
  }
  const problem = planAssumptions(params);
  return problem ? [null, ...problem] : [params, null];
}

// The planner's demand (unless `withDemand` is false), utilization and figure overrides added to `params`; null, or
// [what is wrong, the key of the field it is about]. The fleet and budget questions share them with the plan.
export function planAssumptions(params, withDemand = true) {
  const preset = presetByKey.get(valueOf('preset'));
  if (withDemand && preset && preset.tokens_per_day !== null) {
    params.set('preset', preset.key);
  } else if (withDemand) {
    const demand = valueOf('demand').trim();
    // The server has the last word; this only spares it requests that cannot be right.
    if (!DEMAND_PATTERN.test(demand)) return ['Enter a daily token demand such as 40T, 850B or 2.5e12.', 'demand'];
    params.set('demand', demand);
  }
  const utilization = Number(valueOf('utilization'));
  if (!(utilization > 0 && utilization <= 1)) return ['Utilization must be above 0 and at most 1.', 'utilization'];
  params.set('utilization', String(utilization));
  for (const [key, name] of [['cost', 'cost_per_gpu_hour'], ['kw', 'kw_per_gpu'], ['rack', 'gpus_per_rack']]) {
    const text = valueOf(key).trim();
    if (text === '') continue;
    // One figure for every hardware, or hardware=figure pairs (mi355x=8): the server reads and checks both.
    const figures = text.includes('=') ? text.split(',').map((pair) => pair.split('=')[1]) : [text];
    if (!(text.includes('=') ? OVERRIDE_PAIRS : OVERRIDE_NUMBER).test(text) || !figures.every((f) => Number(f) > 0)) {
      return ['Overrides must be numbers above 0, or hardware=number pairs such as mi355x=8 (or blank).', key];
    }
    // Digits only, as the server reads a whole number ("8.0" and "1e1" are refused there).
    if (key === 'rack' && !figures.every((f) => /^ *\d+ *$/.test(f))) {
      return ['GPUs per rack must be a whole number.', key];
    }
    params.set(name, text);
  }
  return null;
}

// The best-fleet question from the service-level form and the planner's demand and assumptions: [params, null], or
// [null, what is wrong, the key of the field it is about].
export function fleetQuery() {
  const slo = valueOf('slo').trim();
  if (!slo) return [null, 'Enter a service-level target such as interactivity>=50,ttft_p99<=2s, or a preset.', 'slo'];
  const params = filterParams();
  params.set('model', valueOf('model') || initial.default_model);
  params.set('slo', slo);
  params.set('rank_by', valueOf('rank_by'));
  const problem = planAssumptions(params);
  return problem ? [null, ...problem] : [params, null];
}

// The inverse question from the budget form: a cap per million tokens alone, or a cap per day or in megawatts with
// the planner's demand or with a target interactivity. [params, null], or [null, what is wrong, the field's key].
export function budgetQuery() {
  const cap = valueOf('cap').trim();
  if (!OVERRIDE_NUMBER.test(cap) || !(Number(cap) > 0)) return [null, 'Enter an amount above 0.', 'cap'];
  const params = filterParams();
  params.set('model', valueOf('model') || initial.default_model);
  params.set(valueOf('budget'), cap);
  const perMillion = valueOf('budget') === 'max_cost_per_million';
  const byTarget = !perMillion && valueOf('given') === 'at';
  if (byTarget) {
    const at = Number(valueOf('budget_at'));
    if (!(at > 0)) return [null, 'Enter a target interactivity above 0 tok/s/user.', 'budget_at'];
    params.set('at', String(at));
  }
  const problem = planAssumptions(params, !perMillion && !byTarget);
  return problem ? [null, ...problem] : [params, null];
}
