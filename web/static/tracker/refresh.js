// Every section asked again after a filter changes: the points first, since the planner offers them.
import { refreshAccuracy } from './accuracy.js';
import { api } from './api.js';
import { refreshBudget } from './budget_view.js';
import { refreshChanges } from './changes.js';
import { refreshChart } from './chart.js';
import { filterParams, valueOf } from './controls.js';
import { refreshFleet } from './fleet_view.js';
import { refreshGlance } from './glance_table.js';
import { refreshHistory } from './history.js';
import { fillPointChoices, refreshPlan } from './planner.js';
import { loadTable } from './points_table.js';

// The planner's point choices: the table's answer when it lists the latest runs, else their own.
export async function refreshPoints() {
  const answer = await loadTable(false);
  let latest = answer && valueOf('runs') !== 'all' ? answer.points : null;
  if (!latest) {
    const params = filterParams();
    params.set('runs', 'latest');
    latest = await api('points', params).then((a) => a.points, () => []);
  }
  await fillPointChoices(latest);
}

// Every section asked again for the filters.
export async function refreshAll() {
  await refreshPoints();
  await Promise.all([refreshChart(), refreshPlan(), refreshHistory(), refreshGlance(), refreshFleet(),
    refreshBudget(), refreshChanges(), refreshAccuracy()]);
}
