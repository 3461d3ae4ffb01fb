// Calls that wait for a pause: a reader typing or resizing sends one request, not one per keystroke.

export const DEBOUNCE_MS = 250;

export function debounce(fn, ms) {
  let timer = 0;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
}
