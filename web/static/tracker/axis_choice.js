// The frontier chart's horizontal axis: interactivity, or a latency statistic (time to first token or end-to-end,
// in seconds) that the server draws the frontier against instead. The choice is the `axis` control.
import { control, valueOf } from './controls.js';

// Whether the chart shows a latency rather than interactivity.
export const latencyAxis = () => valueOf('axis') !== 'interactivity';

// The frontier route's `x`: the latency chosen, or else the interactivity basis.
export const frontierX = () => (latencyAxis() ? valueOf('axis') : valueOf('x'));

// The axis `key` in words, as its option names it ("Time to first token, P99").
export function axisName(key) {
  const option = [...control('axis').options].find((o) => o.value === key);
  return option ? option.textContent.replace(/ \(.*\)$/, '') : key;
}

// The chart's x-axis title: the chosen axis and the unit the server's curves give (`curves[0].axis_unit`).
export function axisTitle(curves) {
  const unit = curves.find((c) => c.axis_unit)?.axis_unit || (latencyAxis() ? 's' : 'tok/s/user');
  return `${axisName(valueOf('axis'))}, ${unit}`;
}
