// Figures and labels in the page's words, as the server writes them in the pages it renders.

const formatters = new Map();
export function fmt(value, decimals) {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'n/a';
  if (!formatters.has(decimals)) {
    formatters.set(decimals, new Intl.NumberFormat('en-US',
      { minimumFractionDigits: decimals, maximumFractionDigits: decimals }));
  }
  return formatters.get(decimals).format(value);
}
// Dollars with at least two decimals and three significant digits below $1, as the server writes them
// (util::small_figure).
export function fmtDollars(v) {
  if (v === null || v === undefined || !Number.isFinite(v)) return 'n/a';
  return '$' + fmt(v, v > 0 && v < 1 ? Math.min(12, 2 - Math.floor(Math.log10(v))) : 2);
}
export const fmtTps = (v) => fmt(v, v !== null && Math.abs(v) >= 100 ? 0 : 1);
export const fmtPct = (v) => (v === null || v === undefined ? 'n/a' : fmt(v * 100, 1) + '%');
export function fmtCompact(v) {
  const a = Math.abs(v);
  if (a >= 1e6) return fmt(v / 1e6, a >= 1e7 ? 0 : 1) + 'M';
  if (a >= 1e3) return fmt(v / 1e3, a >= 1e4 ? 0 : 1) + 'k';
  return fmt(v, a >= 10 || a === 0 ? 0 : a >= 1 ? 1 : 2);
}
// A daily demand as the demand field takes it: 40T, 850B.
export function demandText(tokens) {
  for (const [unit, size] of [['T', 1e12], ['B', 1e9], ['M', 1e6]]) {
    if (tokens >= size) return `${Number((tokens / size).toPrecision(4))}${unit}`;
  }
  return String(tokens);
}
// Only absolute http(s) URLs become links: the data files decide these strings.
export const safeUrl = (url) => (typeof url === 'string' && /^https?:\/\/[^\s"'<>`]+$/.test(url) ? url : null);
export const clip = (text, n) => (text.length > n ? text.slice(0, n - 1).trimEnd() + '…' : text);
export const pointHref = (id) => '/points/' + encodeURIComponent(id);
// An interpolation state in words, as the server-rendered tables give it (headline_view.cpp).
const STATE_LABELS = { exact: 'measured', interpolated: 'interpolated', clamped_low: 'lower bound' };
export const stateLabel = (state) => STATE_LABELS[state] || state.replace('_', ' ');
