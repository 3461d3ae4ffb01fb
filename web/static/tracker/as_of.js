// The as-of date: the picker's bounds, what it says beside the field, and the headline cards it hides.
import { api } from './api.js';
import { control, initial, state, valueOf } from './controls.js';
import { $ } from './dom.js';

// Beside the date field: why a date typed is not applied, or why the one applied shows nothing; '' clears it.
export function showAsOfStatus(text) {
  if (text) control('as_of').setAttribute('aria-invalid', 'true');
  else control('as_of').removeAttribute('aria-invalid');
  $('#as-of-status').textContent = text;
}

// The headline cards about runs measured after the applied date are hidden, as the server hid them for the
// date in the address.
export function showHeadlinesAsOf() {
  let hidden = 0;
  for (const card of document.querySelectorAll('#headlines .headline')) {
    card.hidden = Boolean(state.appliedAsOf && card.dataset.runDate && card.dataset.runDate > state.appliedAsOf);
    hidden += card.hidden ? 1 : 0;
  }
  $('#headlines-after-as-of').hidden = hidden === 0;
}

// Why the applied date shows nothing of this model (its first run is later), or '' when it shows some.
export function asOfBeforeFirstRun() {
  const field = control('as_of');
  return state.appliedAsOf && field.min && state.appliedAsOf < field.min
    ? `No run of this model is measured before ${field.min}: as of ${state.appliedAsOf} there is nothing to show; ` +
      'choose a later date or clear the field.'
    : '';
}

// The picker spans the measured run dates of the model shown (not narrowed by the date itself).
export async function loadDateBounds() {
  const runs = await api('availability', new URLSearchParams({ model: valueOf('model') || initial.default_model }))
    .catch(() => []);
  const dates = runs.map((r) => r.date).sort();
  if (!dates.length) return;
  // No upper bound but the field's own (9999-12-31): a later date is the state after the last run, the latest state.
  control('as_of').min = dates[0];
  // Another model may start later (or earlier) than the date applied: say so beside the field, or no longer. Without
  // a date applied there is nothing to say of it, and a note the server wrote (a malformed date) stays.
  if (state.appliedAsOf) showAsOfStatus(asOfBeforeFirstRun());
}
