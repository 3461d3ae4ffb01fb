// The tracker page's browser side: the chart, the history, the capacity planner (with the best fleet under a
// service-level target and the inverse questions), the live points table, exports
// and the share link. The server renders everything a reader needs without JavaScript; these modules add what
// needs it. The build bundles them from this entry into one script (app.js), run once the page is parsed. Data
// from the server is only ever put into the page as text nodes.
// Modules are strict already; said here, the bundle's one script is too (esbuild keeps the entry's directive).
'use strict';
import { loadDateBounds } from './as_of.js';
import { refreshBudget } from './budget_view.js';
import { bindChartKeys, refreshChart, resizeChart } from './chart.js';
import { loadCommentsNearby } from './comments_loader.js';
import { CONTROLS, FILTERS, control, defaults, initial, valueOf } from './controls.js';
import { DEBOUNCE_MS, debounce } from './debounce.js';
import { $, $$ } from './dom.js';
import { bindExports } from './exports.js';
import { bindFilters } from './filters.js';
import { refreshFleet } from './fleet_view.js';
import { bindHistoryKeys, refreshHistory, resizeHistory } from './history.js';
import { fillPlannerChoices, refreshPlan, showPresetNote, showPublishedCosts } from './planner.js';
import { bindMorePoints, loadTable } from './points_table.js';
import { refreshAll } from './refresh.js';
import { bindEmbedCode, bindShareLink, restoreFromUrl, syncUrl } from './share_link.js';
import { bindServiceLevelForms } from './slo_form.js';

function start() {
  for (const element of $$('.js-only')) {
    element.hidden = false;
    if ('disabled' in element) element.disabled = false; // kept out of the no-script form's query
  }
  for (const key of Object.keys(CONTROLS)) defaults[key] = valueOf(key);
  // The server has already applied the address's filters: their defaults are "Any" and the latest runs.
  for (const key of FILTERS) defaults[key] = '';
  defaults.model = initial.default_model;
  defaults.runs = 'latest'; // the server selects "Every run date" when the address asks for it
  fillPlannerChoices();
  defaults.preset = valueOf('preset');
  restoreFromUrl();
  showPublishedCosts(); // those in force on the date from the address
  showPresetNote();

  // The fleet and the budget answers rest on the planner's demand and assumptions too.
  const planSoon = debounce(() => { refreshPlan(); refreshFleet(); refreshBudget(); }, DEBOUNCE_MS);
  bindFilters();
  for (const key of ['metric', 'x', 'log']) {
    control(key).addEventListener('change', () => { syncUrl(); refreshChart(); refreshHistory(); });
  }
  control('axis').addEventListener('change', () => { syncUrl(); refreshChart(); });
  control('runs').addEventListener('change', () => { syncUrl(); loadTable(false); refreshChart(); });
  bindMorePoints();
  const historySoon = debounce(refreshHistory, DEBOUNCE_MS);
  $('#history-form').addEventListener('submit', (event) => event.preventDefault());
  control('history_at').addEventListener('input', () => { syncUrl(); historySoon(); });
  control('join').addEventListener('change', () => { syncUrl(); refreshHistory(); });
  $('#planner-form').addEventListener('submit', (event) => event.preventDefault());
  $('#planner-form').addEventListener('input', () => { showPresetNote(); syncUrl(); planSoon(); });
  $('#planner-form').addEventListener('change', () => { showPresetNote(); syncUrl(); planSoon(); });
  control('point').addEventListener('change', () => { document.getElementById('p-by-point').checked = true; });
  bindServiceLevelForms();

  bindExports();
  bindShareLink();
  bindEmbedCode();

  bindChartKeys();
  bindHistoryKeys();
  addEventListener('resize', debounce(() => {
    resizeChart();
    resizeHistory();
  }, DEBOUNCE_MS));
  syncUrl();
  loadCommentsNearby();
  refreshAll();
  loadDateBounds();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
