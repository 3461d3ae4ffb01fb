// The service-level and budget forms: their presets and choices, and their questions asked on Enter (or their
// button), on a change of what they rank by, and again when the planner's demand or assumptions change.
import { budgetStands, refreshBudget, showBudgetChoices } from './budget_view.js';
import { control, valueOf } from './controls.js';
import { $ } from './dom.js';
import { fleetStands, refreshFleet } from './fleet_view.js';
import { syncUrl } from './share_link.js';

// The preset whose limits the field holds, or Custom.
export function showSloPreset() {
  const select = $('#s-slo-preset');
  const text = control('slo').value.trim();
  select.value = [...select.options].some((o) => o.value === text) ? text : '';
}

// The forms bound; a question a share link holds stands, and is answered with the page's first refresh.
export function bindServiceLevelForms() {
  $('#s-slo-preset').addEventListener('change', () => {
    if ($('#s-slo-preset').value) control('slo').value = $('#s-slo-preset').value;
    fleetStands(false);
    syncUrl();
  });
  control('slo').addEventListener('input', () => { fleetStands(false); showSloPreset(); syncUrl(); });
  control('rank_by').addEventListener('change', () => { syncUrl(); refreshFleet(); });
  $('#fleet-form').addEventListener('submit', (event) => {
    event.preventDefault();
    syncUrl();
    refreshFleet(true);
  });
  $('#budget-form').addEventListener('input', () => { budgetStands(false); syncUrl(); });
  $('#budget-form').addEventListener('change', () => { budgetStands(false); showBudgetChoices(); syncUrl(); });
  $('#budget-form').addEventListener('submit', (event) => {
    event.preventDefault();
    syncUrl();
    refreshBudget(true);
  });
  showSloPreset();
  showBudgetChoices();
  fleetStands(valueOf('slo').trim() !== '');
  budgetStands(valueOf('cap').trim() !== '');
}
