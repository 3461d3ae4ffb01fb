// The share link: the address's query mirrors the controls, and a page opened from it restores them.
import { $ } from './dom.js';
import { CONTROLS, control, defaults, planBy, setValue, state, valueOf } from './controls.js';
import { updateExportLinks } from './exports.js';

// The address's query set to the controls that differ from their defaults; the export links follow.
export function syncUrl() {
  const params = new URLSearchParams();
  for (const key of Object.keys(CONTROLS)) {
    // A point matters only when the plan is by point; one from the link still loading is kept.
    if (key === 'point' && planBy() !== 'point') continue;
    const value = key === 'point' && state.pendingPoint ? state.pendingPoint : valueOf(key);
    if (value !== defaults[key] && value !== '') params.set(key, value);
  }
  if (planBy() !== 'at') params.set('plan_by', planBy());
  const query = params.toString();
  const address = location.pathname + (query ? '?' + query : '') + location.hash;
  // "Link copied." was about the address before: once it changes, the copied link no longer matches the page.
  if (address !== location.pathname + location.search + location.hash) $('#share-status').textContent = '';
  history.replaceState(null, '', address);
  updateExportLinks();
}

// The controls set from the address, as the page opens.
export function restoreFromUrl() {
  const params = new URLSearchParams(location.search);
  for (const key of Object.keys(CONTROLS)) {
    if (params.has(key)) setValue(key, params.get(key));
  }
  if (params.has('point')) state.pendingPoint = params.get('point');
  const by = params.get('plan_by') === 'point' ? 'p-by-point' : 'p-by-at';
  document.getElementById(by).checked = true;
  // The date the server applied is the address's (a malformed one it left out), not whatever the browser put
  // back into the field on returning to the page.
  // A date field keeps only a real date (2026-13-45 reads as empty), but takes years past 9999, which the server
  // refuses: only what it applied is applied here.
  const asOf = params.get('as_of') || '';
  control('as_of').value = /^\d{4}-\d{2}-\d{2}$/.test(asOf) ? asOf : '';
  state.appliedAsOf = control('as_of').value;
}

// Copies the link to the page as shown; where the clipboard is refused, the link is shown to copy by hand.
export function bindShareLink() {
  $('#share-link').addEventListener('click', async () => {
    syncUrl();
    const status = $('#share-status');
    try {
      await navigator.clipboard.writeText(location.href);
      status.textContent = 'Link copied.';
    } catch {
      status.textContent = location.href;
    }
  });
}
