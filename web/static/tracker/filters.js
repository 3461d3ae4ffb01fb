// The filters: a change applies at once and every section follows; a date typed from the keyboard waits for a
// pause in the typing.
import { asOfBeforeFirstRun, loadDateBounds, showAsOfStatus, showHeadlinesAsOf } from './as_of.js';
import { FILTERS, control, state } from './controls.js';
import { $ } from './dom.js';
import { refreshInterpolation } from './interpolation_table.js';
import { showPublishedCosts } from './planner.js';
import { refreshAll } from './refresh.js';
import { syncUrl } from './share_link.js';

const AS_OF_TYPING_MS = 800; // a pause in typing a date, after which it is applied

export function bindFilters() {
  $('#filters').addEventListener('submit', (event) => event.preventDefault());
  // A date typed in the field commits one at each digit (years 0002, 0020, 0202 on the way to 2026; the 2 of a
  // day 21): a date from the keyboard is applied once typing pauses, or at Enter, or on leaving the field.
  let asOfKeyAt = -Infinity;
  let asOfPending = 0;
  const applyPendingAsOf = () => {
    if (!asOfPending) return;
    clearTimeout(asOfPending);
    asOfPending = 0;
    applyFilter('as_of');
  };
  control('as_of').addEventListener('keydown', (event) => {
    asOfKeyAt = performance.now();
    if (event.key === 'Enter') applyPendingAsOf();
  });
  control('as_of').addEventListener('blur', () => {
    applyPendingAsOf();
    // A date left half typed (05/dd/2026) applies nothing: the field shows again the date the page shows.
    if (control('as_of').validity.badInput) control('as_of').value = state.appliedAsOf;
  });
  for (const key of FILTERS) {
    control(key).addEventListener('change', () => {
      if (key === 'as_of' && performance.now() - asOfKeyAt < AS_OF_TYPING_MS) {
        clearTimeout(asOfPending);
        asOfPending = setTimeout(applyPendingAsOf, AS_OF_TYPING_MS);
        return;
      }
      applyFilter(key);
    });
  }
  function applyFilter(key) {
    // The names the address gave that were not stored are history once the reader picks filters.
    $('#unstored-filters')?.remove();
    if (key === 'as_of') {
      clearTimeout(asOfPending);
      asOfPending = 0;
    }
    if (!control(key).validity.valid) {
      // Before the first measured run (or a year still being typed): say so beside the field; the sections
      // and the next change of another filter keep the date applied before.
      if (key === 'as_of' && control(key).validity.rangeUnderflow) {
        showAsOfStatus(`No run of this model is measured before ${control(key).min}: ` +
          `${control(key).value} is not applied (the page shows ${state.appliedAsOf || 'the latest runs'}).`);
      } else if (key === 'as_of' && control(key).validity.rangeOverflow) {
        showAsOfStatus(`${control(key).value} is not applied: a date has a four-digit year ` +
          `(the page shows ${state.appliedAsOf || 'the latest runs'}).`);
      }
      return;
    }
    if (key === 'as_of') {
      state.appliedAsOf = control('as_of').value;
      showPublishedCosts();
      showHeadlinesAsOf();
    } else if (!control('as_of').validity.valid) control('as_of').value = state.appliedAsOf; // the user moved on
    if (key === 'hardware') showPublishedCosts();
    showAsOfStatus(asOfBeforeFirstRun());
    syncUrl();
    refreshAll();
    if (key === 'model') loadDateBounds();
    if (key === 'as_of') refreshInterpolation();
  }
}
