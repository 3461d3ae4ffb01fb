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

// What /embed/chart takes of the share link (docs/EMBEDDING.md, v=1); the rest would only be ignored there.
const EMBED_PARAMS = ['model', 'hardware', 'framework', 'precision', 'spec_method', 'disaggregated', 'as_of', 'x',
  'metric', 'log', 'runs'];
const attribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

// An <iframe> of the chart as shown, for another site's page.
export function embedCode() {
  const params = new URLSearchParams({ v: '1' });
  for (const key of EMBED_PARAMS) {
    if (!(key in CONTROLS)) continue;
    const value = valueOf(key);
    // The model and the scale always: the embed's defaults (the first stored model, linear axes) are not the page's.
    const kept = key === 'model' ? value !== '' : key === 'log' ? value === '1' : value !== defaults[key] && value !== '';
    if (kept) params.set(key, value);
  }
  const model = valueOf('model') || '';
  const src = `${location.origin}/embed/chart?${params}`;
  return `<iframe src="${attribute(src)}" width="720" height="480" ` +
    `title="${attribute(`InferTrack: ${model} throughput per GPU against interactivity`)}"></iframe>`;
}

// Copies the embed code; where the clipboard is refused, it is shown to copy by hand.
export function bindEmbedCode() {
  $('#embed-code').addEventListener('click', async () => {
    const code = embedCode();
    const status = $('#share-status');
    try {
      await navigator.clipboard.writeText(code);
      status.textContent = 'Embed code copied.';
    } catch {
      status.textContent = code;
    }
    status.dataset.embed = code;
  });
}
