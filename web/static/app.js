// The tracker page's browser side: the chart, the capacity planner, the live points table, exports and
// the share link. The server renders everything a reader needs without JavaScript; this file adds what
// needs it. Plain JS, no build step. Data from the server is only ever put into the page as text nodes.
'use strict';
(() => {
  const $ = (selector, root = document) => root.querySelector(selector);
  const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];
  const initial = JSON.parse($('#initial-state').textContent);

  const FILTERS = ['model', 'hardware', 'framework', 'precision', 'spec_method', 'disaggregated', 'as_of'];
  // Share-link parameter -> control id; a value equal to the control's default is left out of the link.
  const CONTROLS = {
    model: 'f-model', hardware: 'f-hardware', framework: 'f-framework', precision: 'f-precision',
    spec_method: 'f-spec', disaggregated: 'f-disagg', as_of: 'f-as-of', metric: 'c-metric', x: 'c-x', runs: 'c-runs',
    log: 'c-log', history_at: 'h-at', join: 'h-join', at: 'p-at', point: 'p-point', preset: 'p-preset', demand: 'p-demand',
    utilization: 'p-util', cost: 'p-cost', kw: 'p-kw', rack: 'p-rack',
  };
  // Dark enough for 3:1 contrast against the white chart background.
  const PALETTE = ['#0b62a4', '#c0392b', '#1e7b34', '#7b3fa0', '#a0522d', '#b3156f', '#0f7c7c', '#5b5b5b',
    '#946c00', '#2f4b7c'];
  const DEBOUNCE_MS = 250;
  const AS_OF_TYPING_MS = 800; // a pause in typing a date, after which it is applied
  const NUMBER = String.raw`(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?`; // a decimal, as the server reads one
  const DEMAND_PATTERN = new RegExp(`^${NUMBER}[TBMtbm]?$`);
  // A planner override: a figure for every hardware, or hardware=figure pairs separated by commas.
  const OVERRIDE_NUMBER = new RegExp(`^${NUMBER}$`);
  const OVERRIDE_PAIR = String.raw`[\w.-]+ *= *${NUMBER}`;
  const OVERRIDE_PAIRS = new RegExp(`^${OVERRIDE_PAIR}( *, *${OVERRIDE_PAIR})*$`);
  const BINDING_WORDS = { both: 'input and output alike', total: 'total tokens' };
  const HIT_RADIUS_PX = 14;
  const NOTE_CHARS = 180; // the tooltip's share of the notes; the point page has them all

  // ---- small helpers ------------------------------------------------------------------------------

  // An element with attributes and children; strings become text nodes, so data can never become markup.
  function h(tag, attrs, ...children) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === 'class') element.className = value;
      else if (name === 'style') element.style.cssText = value;
      else element.setAttribute(name, value === true ? '' : value);
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      element.append(child instanceof Node ? child : String(child));
    }
    return element;
  }

  const formatters = new Map();
  function fmt(value, decimals) {
    if (value === null || value === undefined || !Number.isFinite(value)) return 'n/a';
    if (!formatters.has(decimals)) {
      formatters.set(decimals, new Intl.NumberFormat('en-US',
        { minimumFractionDigits: decimals, maximumFractionDigits: decimals }));
    }
    return formatters.get(decimals).format(value);
  }
  // Dollars with at least two decimals and three significant digits below $1, as the server writes them
  // (util::small_figure).
  function fmtDollars(v) {
    if (v === null || v === undefined || !Number.isFinite(v)) return 'n/a';
    return '$' + fmt(v, v > 0 && v < 1 ? Math.min(12, 2 - Math.floor(Math.log10(v))) : 2);
  }
  const fmtTps = (v) => fmt(v, v !== null && Math.abs(v) >= 100 ? 0 : 1);
  const fmtPct = (v) => (v === null || v === undefined ? 'n/a' : fmt(v * 100, 1) + '%');
  function fmtCompact(v) {
    const a = Math.abs(v);
    if (a >= 1e6) return fmt(v / 1e6, a >= 1e7 ? 0 : 1) + 'M';
    if (a >= 1e3) return fmt(v / 1e3, a >= 1e4 ? 0 : 1) + 'k';
    return fmt(v, a >= 10 || a === 0 ? 0 : a >= 1 ? 1 : 2);
  }
  // A daily demand as the demand field takes it: 40T, 850B.
  function demandText(tokens) {
    for (const [unit, size] of [['T', 1e12], ['B', 1e9], ['M', 1e6]]) {
      if (tokens >= size) return `${Number((tokens / size).toPrecision(4))}${unit}`;
    }
    return String(tokens);
  }
  // Only absolute http(s) URLs become links: the data files decide these strings.
  const safeUrl = (url) => (typeof url === 'string' && /^https?:\/\/[^\s"'<>`]+$/.test(url) ? url : null);
  const clip = (text, n) => (text.length > n ? text.slice(0, n - 1).trimEnd() + '…' : text);
  const pointHref = (id) => '/points/' + encodeURIComponent(id);
  // An interpolation state in words, as the server-rendered tables give it (headline_view.cpp).
  const STATE_LABELS = { exact: 'measured', interpolated: 'interpolated', clamped_low: 'lower bound' };
  const stateLabel = (state) => STATE_LABELS[state] || state.replace('_', ' ');

  function debounce(fn, ms) {
    let timer = 0;
    return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
  }

  async function api(path, params) {
    const query = params ? '?' + params.toString() : '';
    const response = await fetch('/api/v1/' + path + query, { headers: { Accept: 'application/json' } });
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      const detail = body && body.detail ? body.detail : response.statusText;
      throw Object.assign(new Error(detail || 'request failed (' + response.status + ')'), { status: response.status });
    }
    return body;
  }

  // ---- state: the controls are the state, and the URL query mirrors them ---------------------------

  const control = (key) => document.getElementById(CONTROLS[key]);
  const defaults = {};
  let appliedAsOf = ''; // the as-of date the sections show: a refused one stays in the field, not in queries
  function valueOf(key) {
    if (key === 'as_of') return appliedAsOf; // the field may hold a date that was refused
    const el = control(key);
    return el.type === 'checkbox' ? (el.checked ? '1' : '0') : el.value;
  }
  function setValue(key, value) {
    const el = control(key);
    if (el.type === 'checkbox') el.checked = value === '1';
    else if (el.tagName !== 'SELECT' || [...el.options].some((o) => o.value === value)) el.value = value;
  }
  const planBy = () => ($('input[name="plan_by"]:checked') || {}).value || 'at';

  function filterParams(keys = FILTERS) {
    const params = new URLSearchParams();
    for (const key of keys) {
      const value = valueOf(key);
      if (value) params.set(key, value);
    }
    return params;
  }

  function syncUrl() {
    const params = new URLSearchParams();
    for (const key of Object.keys(CONTROLS)) {
      // A point matters only when the plan is by point; one from the link still loading is kept.
      if (key === 'point' && planBy() !== 'point') continue;
      const value = key === 'point' && pendingPoint ? pendingPoint : valueOf(key);
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

  // Downloads with provenance come from the server's export of the same questions the page asks.
  function updateExportLinks() {
    const model = valueOf('model') || initial.default_model;
    const points = filterParams();
    points.set('model', model);
    if (valueOf('runs') !== 'all') points.set('runs', 'latest');
    const interpolations = filterParams();
    interpolations.set('model', model);
    interpolations.set('at', $('#interpolation-table').dataset.at);
    const [plan] = planQuery();
    const questions = { points, frontiers: frontierParams(model), interpolations, history: historyParams(), plans: plan };
    const format = $('#export-format').value;
    // The export reads one run per configuration: with every run date drawn, it still holds the latest ones.
    $('#export-frontiers').textContent = valueOf('runs') === 'all' ? 'frontiers (latest runs only)' : 'frontiers';
    for (const [kind, params] of Object.entries(questions)) {
      const link = $(`#export-${kind}`);
      link.hidden = !params;
      if (params) link.href = `/api/v1/export/${kind}?${params}&format=${format}`;
    }
  }

  let pendingPoint = null; // a point named by the share link, chosen once the point list has arrived
  function restoreFromUrl() {
    const params = new URLSearchParams(location.search);
    for (const key of Object.keys(CONTROLS)) {
      if (params.has(key)) setValue(key, params.get(key));
    }
    if (params.has('point')) pendingPoint = params.get('point');
    const by = params.get('plan_by') === 'point' ? 'p-by-point' : 'p-by-at';
    document.getElementById(by).checked = true;
    // The date the server applied is the address's (a malformed one it left out), not whatever the browser put
    // back into the field on returning to the page.
    // A date field keeps only a real date (2026-13-45 reads as empty), but takes years past 9999, which the server
    // refuses: only what it applied is applied here.
    const asOf = params.get('as_of') || '';
    control('as_of').value = /^\d{4}-\d{2}-\d{2}$/.test(asOf) ? asOf : '';
    appliedAsOf = control('as_of').value;
  }

  // Beside the date field: why a date typed is not applied, or why the one applied shows nothing; '' clears it.
  function showAsOfStatus(text) {
    if (text) control('as_of').setAttribute('aria-invalid', 'true');
    else control('as_of').removeAttribute('aria-invalid');
    $('#as-of-status').textContent = text;
  }

  // The headline cards about runs measured after the applied date are hidden, as the server hid them for the
  // date in the address.
  function showHeadlinesAsOf() {
    let hidden = 0;
    for (const card of document.querySelectorAll('#headlines .headline')) {
      card.hidden = Boolean(appliedAsOf && card.dataset.runDate && card.dataset.runDate > appliedAsOf);
      hidden += card.hidden ? 1 : 0;
    }
    $('#headlines-after-as-of').hidden = hidden === 0;
  }

  // Why the applied date shows nothing of this model (its first run is later), or '' when it shows some.
  function asOfBeforeFirstRun() {
    const field = control('as_of');
    return appliedAsOf && field.min && appliedAsOf < field.min
      ? `No run of this model is measured before ${field.min}: as of ${appliedAsOf} there is nothing to show; ` +
        'choose a later date or clear the field.'
      : '';
  }

  // ---- points table, exports ----------------------------------------------------------------------

  // The table lists what the chart shows: the latest run of each configuration, or with "every run date"
  // every point, one page of the API at a time as the reader asks for more. Never every point at once.
  let shownPoints = [];
  let nextPage = null; // the API's cursor for the rest of the listing, or null

  // The statistic the server chose for listings (its workload's default basis).
  function interactivityOf(point) {
    if (!point.interactivity) return [null, 'none'];
    return [point.interactivity.value, point.interactivity.basis === 'p90_itl' ? 'P90' : 'median'];
  }
  function gpusText(point) {
    return point.disaggregated && point.prefill_gpus !== null && point.decode_gpus !== null
      ? `${point.total_allocated_gpus} (${point.prefill_gpus}P + ${point.decode_gpus}D)`
      : String(point.total_allocated_gpus);
  }

  function renderPointsTable(points, next, added = points) {
    shownPoints = points;
    nextPage = next;
    const table = $('#points-table');
    const rows = added.map((p) => {
      const [speed, basis] = interactivityOf(p);
      const num = (text) => h('td', { class: 'num' }, text);
      return h('tr', { 'data-result-id': p.result_id },
        // What tells points apart and their measured numbers first: at 1280 px they fit without scrolling.
        h('td', null, h('a', { href: pointHref(p.result_id) }, p.result_id), (p.findings || []).map((f) =>
          [' ', h('span', { class: 'badge finding-' + f.kind, title: f.detail }, f.kind)])),
        h('td', null, p.hardware), h('td', null, p.framework), h('td', null, p.precision),
        num(String(p.concurrency)), num(fmt(speed, 1)), h('td', null, basis),
        num(fmtTps(p.tps_per_allocated_gpu.total)), num(fmtTps(p.tps_per_allocated_gpu.input)),
        num(fmtTps(p.tps_per_allocated_gpu.output)),
        h('td', { 'data-field': 'date' }, p.date), num(gpusText(p)), h('td', null, p.spec_method),
        h('td', null, p.disaggregated ? 'disaggregated' : 'aggregated'), h('td', null, p.model));
    });
    if (added === points) table.tBodies[0].replaceChildren(...rows);
    else table.tBodies[0].append(...rows);
    table.dataset.count = String(points.length);
    table.dataset.state = 'ready';
    $('#points-count').textContent = String(points.length);
    $('#points-more').hidden = next === null;
    $('#points-scope').textContent = valueOf('runs') === 'all'
      ? (next === null ? 'Every run of each configuration.' : `Every run of each configuration: the first ${points.length}.`)
      : 'The latest run of each configuration, as the chart draws them; choose "Every run date" above for earlier runs.';
  }

  function tableParams() {
    const params = filterParams();
    params.set('runs', valueOf('runs') === 'all' ? 'all' : 'latest');
    return params;
  }

  let tableTicket = 0;
  async function loadTable(more) {
    const ticket = ++tableTicket;
    const table = $('#points-table');
    table.dataset.state = 'loading';
    const params = tableParams();
    if (more) params.set('after', nextPage);
    try {
      const answer = await api('points', params);
      if (ticket !== tableTicket) return null;
      if (more) renderPointsTable(shownPoints.concat(answer.points), answer.next, answer.points);
      else renderPointsTable(answer.points, answer.next);
      $('#points-filters').textContent = answer.filter_summary; // the server's words for the filters it applied
      return answer;
    } catch (error) {
      if (ticket !== tableTicket) return null;
      if (!more) renderPointsTable([], null); // the rows of other filters must not stand under these
      $('#points-scope').textContent = 'The points could not be loaded: ' + error.message;
      table.dataset.state = 'error';
      return null;
    }
  }

  const CSV_COLUMNS = [
    ['result_id', (p) => p.result_id], ['model', (p) => p.model], ['hardware', (p) => p.hardware],
    ['framework', (p) => p.framework], ['precision', (p) => p.precision], ['spec_method', (p) => p.spec_method],
    ['disaggregated', (p) => p.disaggregated], ['total_allocated_gpus', (p) => p.total_allocated_gpus],
    ['prefill_gpus', (p) => p.prefill_gpus], ['decode_gpus', (p) => p.decode_gpus],
    ['concurrency', (p) => p.concurrency], ['interactivity', (p) => interactivityOf(p)[0]],
    // Per allocated GPU, as the table and the server's export give them.
    ['interactivity_basis', (p) => interactivityOf(p)[1]],
    ['total_tps_per_gpu', (p) => p.tps_per_allocated_gpu.total],
    ['input_tps_per_gpu', (p) => p.tps_per_allocated_gpu.input],
    ['output_tps_per_gpu', (p) => p.tps_per_allocated_gpu.output],
    ['date', (p) => p.date],
  ];
  function csvCell(value) {
    if (value === null || value === undefined) return '';
    let text = String(value);
    // Text a spreadsheet would run as a formula goes after a "'", by the server's rule (util/csv_field.hpp).
    if (typeof value === 'string' && /^'*([=@\t\r]|[+-].)/s.test(text)) text = "'" + text;
    return /[",\n\r]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
  }
  function toCsv(points) {
    const lines = [CSV_COLUMNS.map(([name]) => name).join(',')];
    for (const p of points) lines.push(CSV_COLUMNS.map(([, get]) => csvCell(get(p))).join(','));
    return lines.join('\r\n') + '\r\n';
  }
  function download(name, type, text) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = h('a', { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  const exportName = (ext) => `infertrack-points-${valueOf('model') || 'all'}.${ext}`;

  // ---- chart --------------------------------------------------------------------------------------

  let chart = null;
  let drawn = []; // {x, y, point, curve, color} of every point on the chart, for hover, click and keys
  let focusIndex = -1;

  function frontierParams(model) {
    const params = filterParams();
    params.set('model', model);
    params.set('x', valueOf('x'));
    params.set('metric', valueOf('metric'));
    return params;
  }

  async function loadCurves(model) {
    const params = frontierParams(model);
    if (valueOf('runs') !== 'all') {
      const answer = await api('frontier', params);
      return { curves: answer.curves, total: answer.curves.length, leftOut: answer.left_out };
    }
    // One curve per run date: ask for each date the current filters hold (the stored runs, not every
    // point, tell which); a run is never stitched.
    const runParams = filterParams();
    runParams.set('model', model);
    const runs = await api('availability', runParams);
    const dates = [...new Set(runs.map((r) => r.date))].sort().reverse();
    const shown = dates.slice(0, MAX_RUN_DATES_DRAWN);
    const answers = await Promise.all(shown.map((date) => {
      const dated = new URLSearchParams(params);
      dated.set('date', date);
      return api('frontier', dated);
    }));
    // Newest dates first, so a cut keeps the most recent runs.
    const curves = answers.flatMap((answer) => answer.curves);
    return { curves: curves.slice(0, MAX_CURVES_DRAWN), dates: dates.length, datesShown: shown.length,
      total: curves.length, leftOut: answers.flatMap((answer) => answer.left_out) };
  }

  // Why a chart is empty: no point matches the filters (with an as-of date, that date is the likelier cause and is
  // named), or the points there are lack the chosen throughput or interactivity (`unusable`: a source gives none).
  const nothingToDraw = (unusable) => unusable
    ? 'Nothing to draw: no point of these filters' + (appliedAsOf ? ` measured on or before ${appliedAsOf}` : '') +
      ' has the chosen throughput and interactivity.'
    : 'Nothing to draw: no point matches these filters' + (appliedAsOf ? ` on or before ${appliedAsOf}` : '') + '.';
  // The configurations whose runs have no point at the chosen statistic and throughput, named rather than vanishing.
  const notDrawn = (leftOut) => leftOut.length
    ? ` Not drawn, having no point with the chosen throughput and interactivity: ` +
      `${[...new Set(leftOut.map((l) => l.configuration))].join('; ')}.`
    : '';

  // Thousands of curves on one canvas exhaust the tab's memory; past these, the newest runs are drawn.
  const MAX_RUN_DATES_DRAWN = 8;
  const MAX_CURVES_DRAWN = 40;
  function curvesLeftOut({ curves, dates, datesShown, total }) {
    const parts = [];
    if (dates !== undefined && datesShown < dates) parts.push(`the ${datesShown} latest of ${dates} run dates`);
    if (curves.length < total) parts.push(`the newest ${curves.length} of their ${total} curves`);
    return parts.length ? ` Drawn: ${parts.join(', ')}. Narrow the filters or pick a date for the others.` : '';
  }

  function chartSize() {
    const width = Math.max(280, $('#chart-canvas').clientWidth);
    return { width, height: Math.round(Math.min(420, Math.max(260, width * 0.6))) };
  }

  function buildChart(curves) {
    focusIndex = -1; // the points drawn change: none is focused
    const log = valueOf('log') === '1';
    const usable = (x, y) => Number.isFinite(x) && Number.isFinite(y) && (!log || (x > 0 && y > 0));
    // uPlot wants one shared, sorted x array; every series holds null where it has no value.
    const xs = new Set();
    for (const c of curves) {
      for (const [x, y] of c.samples) if (usable(x, y)) xs.add(x);
      for (const p of c.points) if (usable(p.x, p.y)) xs.add(p.x);
    }
    const xValues = [...xs].sort((a, b) => a - b);
    const slot = new Map(xValues.map((x, i) => [x, i]));
    const data = [xValues];
    const series = [{}];
    const empty = () => new Array(xValues.length).fill(null);
    drawn = [];
    const legend = [];
    curves.forEach((c, index) => {
      const color = PALETTE[index % PALETTE.length];
      const line = empty();
      for (const [x, y] of c.samples) if (usable(x, y)) line[slot.get(x)] = y;
      data.push(line);
      series.push({ label: c.configuration, stroke: color, width: 2, spanGaps: true, points: { show: false } });
      // Frontier points solid, dominated points dimmed; two points on one x need a second layer.
      for (const on of [true, false]) {
        const layers = [];
        for (const p of c.points.filter((q) => q.on_frontier === on && usable(q.x, q.y))) {
          let layer = layers.find((l) => l[slot.get(p.x)] === null);
          if (!layer) layers.push((layer = empty()));
          layer[slot.get(p.x)] = p.y;
          drawn.push({ x: p.x, y: p.y, point: p, curve: c, color });
        }
        for (const layer of layers) {
          data.push(layer);
          series.push({
            label: c.configuration + (on ? ' (frontier)' : ' (dominated)'), stroke: color, width: 0,
            paths: () => null,
            points: on ? { show: true, size: 9, width: 1.5, fill: color, stroke: '#fff' }
              : { show: true, size: 8, width: 1.5, fill: color + '40', stroke: color + '99' },
          });
        }
      }
      legend.push(h('li', null, h('span', { class: 'swatch', style: `background:${color}` }),
        `${c.configuration} (${c.interactivity_basis === 'p90_itl' ? 'P90' : 'median'})`));
    });
    drawn.sort((a, b) => a.x - b.x || a.y - b.y);
    $('#chart-legend').replaceChildren(...legend);

    const canvas = $('#chart-canvas');
    canvas.dataset.curves = String(curves.length);
    canvas.dataset.points = String(drawn.length);
    if (chart) chart.destroy();
    chart = null;
    canvas.replaceChildren();
    if (!curves.length || typeof uPlot === 'undefined') return;
    const metric = $('#c-metric').selectedOptions[0].textContent.replace(/ \(.*\)/, '');
    const distr = log ? 3 : 1;
    const axis = (label) => ({ label, stroke: '#333', grid: { stroke: '#e4e4e4' },
      values: (u, ticks) => ticks.map((v) => (v === null ? '' : fmtCompact(v))) });
    chart = new uPlot({
      ...chartSize(),
      legend: { show: false },
      cursor: { points: { show: false }, drag: { x: false, y: false, setScale: false } },
      scales: { x: { time: false, distr, log: 10 }, y: { distr, log: 10 } },
      axes: [axis('Interactivity, tok/s/user'), axis(`${metric} tok/s/GPU`)],
      series,
      hooks: { setCursor: [onCursor] },
    }, data, canvas);
    // A touch has no hover: its first tap on a point shows the provenance, a second tap on it opens the point.
    let touched = false;
    let shownByTap = null;
    chart.over.addEventListener('pointerdown', (event) => { touched = event.pointerType === 'touch'; });
    chart.over.addEventListener('click', () => {
      const hit = nearest();
      if (!hit) shownByTap = null;  // a tap beside the points hides the tooltip: the next tap on one shows it again
      if (hit && touched && shownByTap !== hit.point.result_id) {
        shownByTap = hit.point.result_id;
        showTooltip(hit);
      } else if (hit) {
        location.href = pointHref(hit.point.result_id);
      }
    });
    chart.over.addEventListener('mouseleave', () => hideTooltip());
  }

  function nearest() {
    if (!chart || chart.cursor.left < 0) return null;
    let best = null;
    let bestDistance = HIT_RADIUS_PX;
    for (const item of drawn) {
      const dx = chart.valToPos(item.x, 'x') - chart.cursor.left;
      const dy = chart.valToPos(item.y, 'y') - chart.cursor.top;
      const distance = Math.hypot(dx, dy);
      if (distance <= bestDistance) [best, bestDistance] = [item, distance];
    }
    return best;
  }

  function onCursor() {
    const hit = nearest();
    chart.over.style.cursor = hit ? 'pointer' : 'default';
    if (hit) showTooltip(hit); else hideTooltip();
  }

  function tooltipLines(item) {
    const p = item.point;
    const cache = p.cache_hit_rates;
    const row = (label, value) => [h('dt', null, label), h('dd', null, value)];
    const run = safeUrl(p.run_url);
    return h('div', null,
      h('p', { class: 'tooltip-title' }, h('span', { class: 'swatch', style: `background:${item.color}` }),
        `Result ${p.result_id}${p.on_frontier ? '' : ' (dominated)'}`),
      h('dl', null,
        row('Configuration', item.curve.configuration),
        row('Throughput', `${fmtTps(item.y)} tok/s/GPU`),
        row('Interactivity', `${fmt(item.x, 1)} tok/s/user`),
        row('Date', p.run_date && p.run_date !== p.date ? `${p.date} (run ${p.run_date})` : p.date),
        row('Run', run || p.run_url || 'not given'),
        row('Image', p.image || 'not given'),
        row('GPUs', p.disaggregated ? `${p.prefill_gpus ?? '?'} prefill + ${p.decode_gpus ?? '?'} decode`
          : `${p.total_allocated_gpus} aggregated`),
        row('Concurrency', String(p.concurrency)),
        row('Cache hits', `GPU ${fmtPct(cache.gpu)}, CPU ${fmtPct(cache.cpu)}, external ${fmtPct(cache.external)}`),
        p.notes.length ? row('Notes', clip(p.notes.map((n) => n.text).join(' '), NOTE_CHARS)) : null),
      h('p', { class: 'tooltip-hint' }, 'Click (on a touch screen, tap again) or press Enter for every field.'));
  }

  function showTooltip(item) {
    const tip = $('#chart-tooltip');
    tip.replaceChildren(tooltipLines(item));
    tip.hidden = false;
    const wrap = $('.chart-wrap').getBoundingClientRect();
    const over = chart.over.getBoundingClientRect();
    const left = over.left - wrap.left + chart.valToPos(item.x, 'x');
    const top = over.top - wrap.top + chart.valToPos(item.y, 'y');
    const maxLeft = wrap.width - tip.offsetWidth - 4;
    tip.style.left = Math.max(4, Math.min(maxLeft, left + 12)) + 'px';
    tip.style.top = Math.max(4, top + 12) + 'px';
  }
  function hideTooltip() { $('#chart-tooltip').hidden = true; }

  // Arrow keys walk the points in order of interactivity; Enter opens the focused one.
  function onChartKey(event) {
    if (!drawn.length) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step) {
      event.preventDefault();
      focusIndex = (focusIndex + step + drawn.length) % drawn.length;
      showTooltip(drawn[focusIndex]);
    } else if (event.key === 'Enter' && focusIndex >= 0) {
      location.href = pointHref(drawn[focusIndex].point.result_id);
    } else if (event.key === 'Escape') {
      hideTooltip();
      focusIndex = -1; // Enter must not open a point no longer shown
    }
  }

  // ---- performance over time ----------------------------------------------------------------------

  let historyChart = null;
  let historyDays = [];
  let historyRows = [];
  let historyTicket = 0;
  const BOUND_PREFIX = { exact: '', at_least: '≥ ', at_most: '≤ ', indeterminate: '~ ' };
  const factorText = (f) => (f && f.factor !== null ? `${BOUND_PREFIX[f.bound] || ''}${fmt(f.factor, 2)}x` : '');
  const knotText = (k) => `${k.result_id} (${fmt(k.interactivity, 2)} tok/s/user, ${fmtTps(k.tps_per_gpu)})`;
  const bracketText = (p) => [p.lower, p.upper].filter(Boolean).map(knotText).join(' .. ');

  function historyParams() {
    const params = filterParams();
    params.set('model', valueOf('model') || initial.default_model);
    for (const [name, key] of [['at', 'history_at'], ['x', 'x'], ['metric', 'metric']]) params.set(name, valueOf(key));
    if (valueOf('join') === '1') params.set('join_precisions', 'true');
    return params;
  }

  async function refreshHistory() {
    const ticket = ++historyTicket;
    const canvas = $('#history-canvas');
    if (!(Number(valueOf('history_at')) > 0)) {
      buildHistory({ rows: [], target_interactivity: null });  // the last target's lines and values go
      $('#history-status').textContent = 'The target must be a positive number of tok/s/user.';
      canvas.dataset.state = 'invalid';
      return;
    }
    canvas.dataset.state = 'loading';
    try {
      // The API answers a page of configurations at a time; the chart shows them all.
      const params = historyParams();
      const answer = await api('history', params);
      while (answer.next_offset !== null && answer.next_offset !== undefined) {
        if (ticket !== historyTicket) return;
        params.set('offset', answer.next_offset);
        const page = await api('history', params);
        answer.rows.push(...page.rows);
        answer.next_offset = page.next_offset;
      }
      if (ticket !== historyTicket) return;
      buildHistory(answer);
      canvas.dataset.state = 'ready';
    } catch (error) {
      if (ticket !== historyTicket) return;
      buildHistory({ rows: [], target_interactivity: Number(valueOf('history_at')) });
      $('#history-status').textContent = 'The history could not be loaded: ' + error.message;
      canvas.dataset.state = 'error';
    }
  }

  // A run's date, with its precision where the line joins several.
  const runDateText = (row, p) => (row.precision.includes('/') ? `${p.date} (${p.precision})` : p.date);

  function buildHistory(answer) {
    const log = valueOf('log') === '1';
    historyRows = answer.rows;
    historyFocus = -1; // the days drawn change: none is focused
    historyDays = [...new Set(historyRows.flatMap((r) => r.points.map((p) => p.days_since_launch)))]
      .sort((a, b) => a - b);
    const slot = new Map(historyDays.map((d, i) => [d, i]));
    const data = [historyDays];
    const series = [{}];
    const legend = [];
    const rows = [];
    const bounds = []; // a hollow marker over each value that is only a lower bound (clamped_low), drawn last
    historyRows.forEach((row, index) => {
      const color = PALETTE[index % PALETTE.length];
      // undefined: no run that day, bridged; null: a run that never reached the target, a break.
      const line = new Array(historyDays.length).fill(undefined);
      for (const p of row.points) line[slot.get(p.days_since_launch)] = p.value.tps_per_gpu;
      data.push(line);
      series.push({ label: row.configuration, stroke: color, width: 2,
        points: { show: true, size: 8, width: 1.5, fill: color, stroke: '#fff' } });
      if (row.points.some((p) => p.value.state === 'clamped_low')) {
        const low = new Array(historyDays.length).fill(null);
        for (const p of row.points) if (p.value.state === 'clamped_low') low[slot.get(p.days_since_launch)] = p.value.tps_per_gpu;
        bounds.push([low, { label: row.configuration + ' (lower bounds)', stroke: color, width: 0, paths: () => null,
          points: { show: true, size: 10, width: 2, fill: '#fff', stroke: color } }]);
      }
      const since = row.since_first ? ` ${factorText(row.since_first)} since ${row.since_first.from_date}` : '';
      legend.push(h('li', null, h('span', { class: 'swatch', style: `background:${color}` }),
        `${row.configuration}${since}`));
      for (const p of row.points) {
        const value = p.value.tps_per_gpu;
        rows.push(h('tr', { 'data-configuration': row.configuration, 'data-date': p.date },
          h('td', null, row.configuration), h('td', null, runDateText(row, p)),
          h('td', { class: 'num' }, String(p.days_since_launch)),
          h('td', null, h('span', { class: `badge state-${p.value.state}` }, stateLabel(p.value.state))),
          h('td', { class: 'num', 'data-value': value === null ? '' : String(value) }, value === null ? 'gap' : fmtTps(value)),
          h('td', { class: 'num' }, factorText(p.since_first)), h('td', null, p.gap_reason || bracketText(p))));
      }
    });
    for (const [values, bound] of bounds) {
      data.push(values);
      series.push(bound);
    }
    $('#history-legend').replaceChildren(...legend);
    $('#history-table tbody').replaceChildren(...rows);
    const canvas = $('#history-canvas');
    canvas.dataset.series = String(historyRows.length);
    if (historyChart) historyChart.destroy();
    historyChart = null;
    canvas.replaceChildren();
    const count = (test) => historyRows.reduce((n, r) => n + r.points.filter(test).length, 0);
    const short = count((p) => p.value.tps_per_gpu === null && p.frontier_size > 0);
    const unmeasured = count((p) => p.frontier_size === 0);
    const lowerBounds = count((p) => p.value.state === 'clamped_low');
    const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
    $('#history-status').textContent = historyRows.length
      ? `${plural(historyRows.length, 'configuration')} at ${answer.target_interactivity} tok/s/user, ` +
        `${plural(short, 'run')} short of it` +
        (unmeasured ? `, ${unmeasured} without a point at the basis and metric` : '') +
        (lowerBounds ? `; ${plural(lowerBounds, 'hollow marker')} for values that are only lower bounds (the target ` +
          'below the run\'s slowest point).' : '.')
      : nothingToDraw(true);
    if (!historyRows.length || typeof uPlot === 'undefined') return;
    // No value to scale a y axis to: an empty frame would only look broken; the table lists each run's reason.
    if (!historyRows.some((r) => r.points.some((p) => p.value.tps_per_gpu !== null))) {
      $('#history-status').textContent += ' No run reaches it, so there is no line to draw; the table below says why.';
      return;
    }
    const metric = $('#c-metric').selectedOptions[0].textContent.replace(/ \(.*\)/, '');
    const size = chartSize();
    // A short chart (a phone) has no room along its y axis for the target: the heading and status give it.
    const yLabel = `${metric} tok/s/GPU` +
      (size.height < 340 ? '' : ` at ${answer.target_interactivity} tok/s/user`);
    const axis = (label) => ({ label, stroke: '#333', grid: { stroke: '#e4e4e4' },
      values: (u, ticks) => ticks.map((v) => (v === null ? '' : fmtCompact(v))) });
    historyChart = new uPlot({
      ...size,
      legend: { show: false },
      cursor: { drag: { x: false, y: false, setScale: false } },
      // Room beside the first and last days, so that their markers are not cut in half by the frame.
      // From the run days themselves: with a single day, uPlot would otherwise widen the axis to most of a year.
      scales: { x: { time: false, range: () => {
        const [first, last] = [historyDays[0], historyDays[historyDays.length - 1]];
        const pad = Math.max(first === last ? 3 : 1, (last - first) * 0.03);
        return [first - pad, last + pad];
      } }, y: { distr: log ? 3 : 1, log: 10 } },
      // Whole days only: a narrow range would otherwise tick at fractions of a day, labelled alike.
      axes: [{ ...axis(`Days since launch (${answer.launch_date})`), incrs: [1, 2, 5, 10, 20, 30, 50, 100, 200, 500] },
        axis(yLabel)],
      series,
      hooks: { setCursor: [showHistoryTooltip],
        setScale: [(u, key) => { if (key === 'x') canvas.dataset.days = `${u.scales.x.min},${u.scales.x.max}`; }] },
    }, data, canvas);
    historyChart.over.addEventListener('mouseleave', () => { $('#history-tooltip').hidden = true; });
  }

  // Arrow keys walk the run days, as hovering does; Escape hides the tooltip.
  let historyFocus = -1;
  function onHistoryKey(event) {
    if (!historyChart || !historyDays.length) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step) {
      event.preventDefault();
      historyFocus = historyFocus < 0 && step < 0 ? historyDays.length - 1
        : (historyFocus + step + historyDays.length) % historyDays.length;
      const u = historyChart;
      u.setCursor({ left: u.valToPos(historyDays[historyFocus], 'x'), top: u.over.clientHeight / 2 });
    } else if (event.key === 'Escape') {
      $('#history-tooltip').hidden = true;
      historyFocus = -1;
    }
  }

  // Every configuration's run on the hovered day: value, state, run and brackets, or why there is none.
  function showHistoryTooltip(u) {
    const tip = $('#history-tooltip');
    const index = u.cursor.idx;
    if (index === null || index === undefined || u.cursor.left < 0) { tip.hidden = true; return; }
    const day = historyDays[index];
    const row = (label, value) => [h('dt', null, label), h('dd', null, value)];
    const entries = [];
    historyRows.forEach((r, i) => {
      const p = r.points.find((q) => q.days_since_launch === day);
      if (!p) return;
      const run = safeUrl(p.run_url);
      entries.push(h('p', { class: 'tooltip-title' },
        h('span', { class: 'swatch', style: `background:${PALETTE[i % PALETTE.length]}` }), r.configuration),
      h('dl', null,
        row('Value', p.value.tps_per_gpu === null ? `gap: ${p.gap_reason}`
          : `${fmtTps(p.value.tps_per_gpu)} tok/s/GPU (${stateLabel(p.value.state)})`),
        row('Run', run ? `${runDateText(r, p)}, ${run}` : runDateText(r, p)),
        row(p.upper ? 'Between' : 'From', bracketText(p) || 'none'),
        p.since_first && p.since_first.factor !== null ? row('Since first', factorText(p.since_first)) : null));
    });
    tip.replaceChildren(h('div', null, h('p', { class: 'tooltip-hint' }, `Day ${day}`), ...entries));
    tip.hidden = false;
    const maxLeft = tip.parentElement.clientWidth - tip.offsetWidth - 4;
    tip.style.left = Math.max(4, Math.min(maxLeft, u.cursor.left + 16)) + 'px';
    tip.style.top = Math.max(4, u.cursor.top + 16) + 'px';
  }

  // ---- as of: the date picker's bounds and the table of every configuration -----------------------

  // The picker spans the measured run dates of the model shown (not narrowed by the date itself).
  async function loadDateBounds() {
    const runs = await api('availability', new URLSearchParams({ model: valueOf('model') || initial.default_model }))
      .catch(() => []);
    const dates = runs.map((r) => r.date).sort();
    if (!dates.length) return;
    // No upper bound but the field's own (9999-12-31): a later date is the state after the last run, the latest state.
    control('as_of').min = dates[0];
    // Another model may start later (or earlier) than the date applied: say so beside the field, or no longer. Without
    // a date applied there is nothing to say of it, and a note the server wrote (a malformed date) stays.
    if (appliedAsOf) showAsOfStatus(asOfBeforeFirstRun());
  }

  // The server rendered this table for the date in the address; a new date asks the API, model by model.
  let interpolationTicket = 0;
  async function refreshInterpolation() {
    const ticket = ++interpolationTicket;
    const table = $('#interpolation-table');
    table.dataset.state = 'loading';
    const models = [...control('model').options].map((o) => o.value);
    const answers = await Promise.all(models.map((model) => {
      const params = new URLSearchParams({ model, at: table.dataset.at });
      if (valueOf('as_of')) params.set('as_of', valueOf('as_of'));
      return api('interpolate', params).then((a) => a.rows, () => []);
    }));
    if (ticket !== interpolationTicket) return;
    table.tBodies[0].replaceChildren(...answers.flat().map((r) => {
      const v = r.value;
      const ids = [v.lower_result_id, v.upper_result_id].filter((id) => id);
      return h('tr', { 'data-configuration': r.configuration }, h('td', null, r.configuration),
        h('td', null, h('span', { class: 'badge state-' + v.state }, stateLabel(v.state))),
        h('td', { class: 'num' }, v.tps_per_gpu === null ? 'none' : fmtTps(v.tps_per_gpu)),
        h('td', null, ids.map((id) => [h('a', { href: pointHref(id) }, id), ' ']), (r.findings || []).length
          ? h('ul', { class: 'findings' }, r.findings.map((f) => h('li', null,
            h('span', { class: 'badge finding-' + f.kind }, f.kind), ' ', f.detail))) : null),
        // A lower bound on the throughput (clamped_low) is an upper bound on what a token costs.
        h('td', { class: 'num' }, r.efficiency
          ? (v.state === 'clamped_low' ? '≤ ' : '') + fmtDollars(r.efficiency.cost_per_million_tokens) : 'n/a'));
    }));
    table.dataset.state = 'ready';
  }

  // ---- capacity planner ---------------------------------------------------------------------------

  const presetByKey = new Map(initial.presets.map((p) => [p.key, p]));

  // The published figures the planner uses unless overridden, those in force per hardware on the date applied
  // (the server's choice: the latest came with the page), as placeholders.
  let costsAsked = 0;  // so that an older date's answer, arriving late, is not shown
  async function showPublishedCosts() {
    const asked = ++costsAsked;
    let inForce = initial.hardware;
    if (appliedAsOf) {
      try {
        inForce = await api('hardware', new URLSearchParams({ as_of: appliedAsOf }));
      } catch {
        return;  // the placeholders stay; the plan itself names the figures it used
      }
    }
    if (asked !== costsAsked) return;
    // The figures of the hardware the filters choose, or of every hardware with stored points when they choose none.
    const measured = new Set([...control('hardware').options].map((o) => o.value));
    const shown = inForce.filter((hw) => (valueOf('hardware') ? hw.hardware === valueOf('hardware')
      : measured.has(hw.hardware)));
    const none = valueOf('hardware') ? `${valueOf('hardware')}: none in force` : 'none in force';
    const list = (get) => (shown.length ? shown.map((hw) => `${hw.hardware} ${get(hw)}`).join(', ') : none);
    control('cost').placeholder = list((hw) => '$' + fmt(hw.cost_per_gpu_hour, 2));
    control('kw').placeholder = list((hw) => fmt(hw.kw_per_gpu, 2));
    control('rack').placeholder = list((hw) => hw.gpus_per_rack === null ? 'none published' : String(hw.gpus_per_rack));
    // A narrow field cuts its placeholder: the whole of it on hover, and as its description.
    for (const key of ['cost', 'kw', 'rack']) control(key).title = 'Published: ' + control(key).placeholder;
  }

  function fillPlannerChoices() {
    const presetSelect = $('#p-preset');
    presetSelect.replaceChildren(...initial.presets.map((p) => h('option', { value: p.key }, p.label)));
    const first = initial.presets.find((p) => p.tokens_per_day !== null);
    if (first) presetSelect.value = first.key;
  }

  // The planner offers the latest run of each configuration, and a point named by a share link.
  async function fillPointChoices(points) {
    const select = $('#p-point');
    const previous = pendingPoint || select.value;
    let missing = null; // a point the share link names that is not stored
    // Only the link's point is fetched when the filters leave it out; a point chosen before they changed goes.
    if (pendingPoint && !points.some((p) => p.result_id === pendingPoint)) {
      try {
        points = [await api('points/' + encodeURIComponent(pendingPoint)), ...points];
      } catch {
        missing = pendingPoint;
      }
    }
    // A missing point is said, and chosen, rather than silently replaced by another one the plan would then size.
    const gone = missing ? [h('option', { value: '' }, `${missing} (from the link) is not stored: choose a point`)] : [];
    select.replaceChildren(...gone, ...points.map((p) => h('option', { value: p.result_id },
      `${p.result_id}: ${p.hardware} ${p.framework} ${p.precision}, ${p.concurrency} users, ${p.date}`)));
    if (missing) select.value = '';
    else if (points.some((p) => p.result_id === previous)) select.value = previous;
    pendingPoint = null;
    // The address names the point now chosen, not one the filters left out; a link's missing point stays in it.
    if (!missing) syncUrl();
  }

  let typedDemand = '';  // a custom demand, while a preset is chosen
  function showPresetNote() {
    const preset = presetByKey.get(valueOf('preset'));
    const custom = !preset || preset.tokens_per_day === null;
    // Disabled, the field shows the preset's demand in use, not the example a custom one is given, nor a demand typed
    // before (kept for a return to a custom demand).
    if (!custom && control('demand').value) {
      typedDemand = control('demand').value;
      control('demand').value = '';
    } else if (custom && control('demand').disabled) {
      control('demand').value = typedDemand;
    }
    control('demand').disabled = !custom;
    control('demand').placeholder = custom ? '40T' : demandText(preset.tokens_per_day);
    const note = $('#p-preset-note');
    const source = preset && safeUrl(preset.source_url);
    note.replaceChildren(preset ? preset.note : '',
      ...(source ? [' ', h('a', { href: source, rel: 'noopener noreferrer' }, 'Source')] : []));
  }

  function planQuery() {
    const params = new URLSearchParams();
    if (planBy() === 'point') {
      if (!valueOf('point')) return [null, 'Choose a measured point.', 'point'];
      params.set('point', valueOf('point'));
      if (valueOf('as_of')) params.set('as_of', valueOf('as_of')); // priced as of that day, as the curves are
    } else {
      const at = Number(valueOf('at'));
      if (!(at > 0)) return [null, 'Enter a target interactivity above 0 tok/s/user.', 'at'];
      for (const [key, value] of filterParams()) params.set(key, value);
      params.set('at', String(at));
    }
    const preset = presetByKey.get(valueOf('preset'));
    if (preset && preset.tokens_per_day !== null) {
      params.set('preset', preset.key);
    } else {
      const demand = valueOf('demand').trim();
      // The server has the last word; this only spares it requests that cannot be right.
      if (!DEMAND_PATTERN.test(demand)) return [null, 'Enter a daily token demand such as 40T, 850B or 2.5e12.', 'demand'];
      params.set('demand', demand);
    }
    const utilization = Number(valueOf('utilization'));
    if (!(utilization > 0 && utilization <= 1)) return [null, 'Utilization must be above 0 and at most 1.', 'utilization'];
    params.set('utilization', String(utilization));
    for (const [key, name] of [['cost', 'cost_per_gpu_hour'], ['kw', 'kw_per_gpu'], ['rack', 'gpus_per_rack']]) {
      const text = valueOf(key).trim();
      if (text === '') continue;
      // One figure for every hardware, or hardware=figure pairs (mi355x=8): the server reads and checks both.
      const figures = text.includes('=') ? text.split(',').map((pair) => pair.split('=')[1]) : [text];
      if (!(text.includes('=') ? OVERRIDE_PAIRS : OVERRIDE_NUMBER).test(text) || !figures.every((f) => Number(f) > 0)) {
        return [null, 'Overrides must be numbers above 0, or hardware=number pairs such as mi355x=8 (or blank).', key];
      }
      // Digits only, as the server reads a whole number ("8.0" and "1e1" are refused there).
      if (key === 'rack' && !figures.every((f) => /^ *\d+ *$/.test(f))) {
        return [null, 'GPUs per rack must be a whole number.', key];
      }
      params.set(name, text);
    }
    return [params, null];
  }

  // The server's reason names the command's flags and the API's parameters; here the planner's own fields do that.
  const PLANNER_LABELS = { cost_per_gpu_hour: '$ per GPU-hour', kw_per_gpu: 'All-in kW per GPU',
    gpus_per_rack: 'GPUs per rack', demand: 'Demand', utilization: 'Usable capacity' };
  function inPlannerWords(text) {
    const missing = /^(?:\w+: )?(.*): give a cost per GPU-hour, kW per GPU and GPUs per rack \(.*\)$/.exec(text);
    if (missing) return `${missing[1]}: fill in "$ per GPU-hour", "All-in kW per GPU" and "GPUs per rack" above to plan it.`;
    const noRack = /^(?:\w+: )?(.*give no rack size): give GPUs per rack \(.*\)$/.exec(text);
    if (noRack) {
      const hardware = /hardware '([^']+)'/.exec(noRack[1]);
      return `${noRack[1][0].toUpperCase()}${noRack[1].slice(1)}: fill in "GPUs per rack" above to plan it` +
        (hardware ? ` (${hardware[1]}=N sizes this hardware alone).` : '.');
    }
    const named = /^(\w+): (.*)$/s.exec(text);
    return named && PLANNER_LABELS[named[1]] ? `${PLANNER_LABELS[named[1]]}: ${named[2]}` : text;
  }

  // The planner field a refusal is about, marked for assistive technology and by its border; the others cleared.
  const PLAN_PARAM_KEYS = { cost_per_gpu_hour: 'cost', kw_per_gpu: 'kw', gpus_per_rack: 'rack', demand: 'demand',
    utilization: 'utilization', at: 'at', point: 'point', preset: 'preset' };
  function markPlanField(key) {
    for (const name of ['point', 'at', 'preset', 'demand', 'utilization', 'cost', 'kw', 'rack']) {
      if (name === key) control(name).setAttribute('aria-invalid', 'true');
      else control(name).removeAttribute('aria-invalid');
    }
  }

  let planTicket = 0;
  async function refreshPlan() {
    const ticket = ++planTicket;
    updateExportLinks(); // the plan's question may have become answerable (presets arrived)
    const table = $('#plan-table');
    const status = $('#plan-status');
    const [params, problem, field] = planQuery();
    markPlanField(field);
    if (!params) {
      status.textContent = problem;
      table.tBodies[0].replaceChildren(); // an answer to other inputs would mislead
      $('#plan-bars').replaceChildren();
      $('#plan-caveats').replaceChildren();
      table.dataset.state = 'invalid';
      return;
    }
    table.dataset.state = 'loading';
    status.textContent = 'Planning…';
    try {
      const answers = await api('plan', params);
      if (ticket !== planTicket) return;
      renderPlan(answers);
      const planned = answers.filter((a) => a.plan).length;
      const configurations = `${answers.length} configuration${answers.length === 1 ? '' : 's'}`;
      status.textContent = planned === answers.length ? `${planned} of ${configurations} can serve this demand.`
        : planned === 0 ? (answers.length === 1 ? 'The configuration has no plan; the table says why.'
          : `None of the ${configurations} has a plan; the table says why.`)
          : `${planned} of ${configurations} have a plan; the table says why the others have none.`;
      table.dataset.state = 'ready';
    } catch (error) {
      if (ticket !== planTicket) return;
      status.textContent = 'No plan: ' + inPlannerWords(error.message).replace(/^The /, 'the ');
      // A refusal of the query names its parameter first; a configuration's missing figures name none.
      const named = /^(\w+): /.exec(error.message);
      if (error.status === 400 && named && !/give a cost per GPU-hour|give no rack size/.test(error.message)) {
        markPlanField(PLAN_PARAM_KEYS[named[1]]);
      }
      table.tBodies[0].replaceChildren();
      $('#plan-bars').replaceChildren();
      $('#plan-caveats').replaceChildren(); // they were the previous plan's
      table.dataset.state = 'error';
    }
  }

  const PLAN_FIELDS = [
    ['groups', (p) => p.groups, (v) => fmt(v, 0)],
    ['racks', (p) => p.racks, (v) => fmt(v, 0)],
    ['provisioned_gpus', (p) => p.provisioned_gpus, null],
    ['cost_per_day', (p) => p.cost_per_day, (v) => '$' + fmt(v, 0)],
    ['power_mw', (p) => p.power_mw, (v) => fmt(v, 2)],
    ['cost_per_million_tokens', (p) => p.cost_per_million_tokens, fmtDollars],
  ];

  function renderPlan(answers) {
    const rows = answers.map((answer) => {
      const plan = answer.plan;
      const name = h('td', null, answer.configuration,
        answer.interpolation ? h('span', { class: 'badge' }, stateLabel(answer.interpolation.state)) : null);
      if (!plan) {
        return h('tr', { 'data-configuration': answer.configuration },
          name, h('td', { colspan: 7, class: 'unavailable' }, inPlannerWords(answer.unavailable || 'no plan')));
      }
      const atMost = answer.interpolation?.state === 'clamped_low';
      const cells = PLAN_FIELDS.map(([field, get, format]) => {
        const value = get(plan);
        const text = format ? format(value) : `${fmt(value, 0)} (${fmt(plan.idle_gpus, 0)})`;
        // Sized on a lower bound of throughput, the plan is an upper bound of what the demand takes.
        return h('td', { class: 'num', 'data-field': field, 'data-value': value }, atMost ? '≤ ' + text : text);
      });
      return h('tr', { 'data-configuration': answer.configuration }, name, ...cells,
        h('td', null, BINDING_WORDS[plan.binding] || plan.binding));
    });
    $('#plan-table').tBodies[0].replaceChildren(...rows);
    renderPlanBars(answers.filter((a) => a.plan));
    const caveats = [...new Set(answers.flatMap((a) => a.caveats))];
    const costs = answers.filter((a) => a.plan).map((a) => a.hardware).filter((hw, i, all) =>
      all.findIndex((o) => o.hardware === hw.hardware) === i);
    $('#plan-caveats').replaceChildren(
      ...costs.map((hw) => h('li', null, `${hw.name}: $${fmt(hw.cost_per_gpu_hour, 2)}/GPU-hr, ` +
        `${fmt(hw.kw_per_gpu, 2)} kW/GPU all-in, ${hw.gpus_per_rack} GPUs per rack (${hw.effective_date}` +
        `${answers.some((a) => a.hardware && a.hardware.hardware === hw.hardware &&
          (a.cost_overridden || a.power_overridden || a.gpus_per_rack_overridden)) ? ', with your overrides' : ''}).`)),
      ...caveats.map((text) => h('li', null, text)));
  }

  function renderPlanBars(answers) {
    const groups = [['Racks', 'racks', (v) => fmt(v, 0)], ['$ per day', 'cost_per_day', (v) => '$' + fmtCompact(v)],
      ['Megawatts', 'power_mw', (v) => fmt(v, 2)],
      ['$ per million tokens', 'cost_per_million_tokens', fmtDollars]];
    const colorOf = new Map(answers.map((a, i) => [a.configuration, PALETTE[i % PALETTE.length]]));
    $('#plan-bars').replaceChildren(...(answers.length ? groups : []).map(([title, field, format]) => {
      const max = Math.max(...answers.map((a) => a.plan[field]));
      return h('figure', { class: 'bar-group' }, h('figcaption', null, title),
        ...answers.map((a) => h('div', { class: 'bar-row' },
          h('span', { class: 'bar-label' }, a.configuration),
          h('span', { class: 'bar-track' }, h('span', {
            class: 'bar', style: `width:${max > 0 ? (100 * a.plan[field]) / max : 0}%;` +
              `background:${colorOf.get(a.configuration)}` })),
          h('span', { class: 'bar-value' }, format(a.plan[field])))));
    }));
  }

  // ---- loading ------------------------------------------------------------------------------------

  let dataTicket = 0;
  async function refreshChart() {
    const ticket = ++dataTicket;
    const canvas = $('#chart-canvas');
    canvas.dataset.state = 'loading';
    try {
      const loaded = await loadCurves(valueOf('model') || initial.default_model);
      if (ticket !== dataTicket) return;
      const curves = loaded.curves;
      buildChart(curves);
      $('#chart-status').textContent = curves.length
        ? `${curves.length} curve${curves.length === 1 ? '' : 's'}, ${drawn.length} points.` + curvesLeftOut(loaded) +
          notDrawn(loaded.leftOut)
        : nothingToDraw(loaded.leftOut.length > 0);
      canvas.dataset.state = 'ready';
    } catch (error) {
      if (ticket !== dataTicket) return;
      buildChart([]);
      $('#chart-status').textContent = 'The chart could not be loaded: ' + error.message;
      canvas.dataset.state = 'error';
    }
  }

  // The planner's point choices: the table's answer when it lists the latest runs, else their own.
  async function refreshPoints() {
    const answer = await loadTable(false);
    let latest = answer && valueOf('runs') !== 'all' ? answer.points : null;
    if (!latest) {
      const params = filterParams();
      params.set('runs', 'latest');
      latest = await api('points', params).then((a) => a.points, () => []);
    }
    await fillPointChoices(latest);
  }

  async function refreshAll() {
    await refreshPoints();
    await Promise.all([refreshChart(), refreshPlan(), refreshHistory()]);
  }

  // The comment section's script is fetched once the section comes near the viewport: most visits never
  // scroll that far, and the first paint and first-load script budget are the page's own. A keyboard user's first
  // Tab fetches it too: tabbing scrolls only as far as the sections above it, whose size is estimated until shown.
  function loadCommentsNearby() {
    const section = $('#comments[data-script]');
    if (!section) return;
    let observer = null;
    const load = () => {
      if (observer) observer.disconnect();
      document.removeEventListener('keydown', onTab);
      document.head.append(h('script', { src: section.dataset.script, defer: true }));
    };
    const onTab = (event) => { if (event.key === 'Tab') load(); };
    if (!('IntersectionObserver' in window)) { load(); return; }
    observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load();
    }, { rootMargin: '800px 0px' });
    observer.observe(section);
    document.addEventListener('keydown', onTab);
  }


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

    const planSoon = debounce(refreshPlan, DEBOUNCE_MS);
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
      if (control('as_of').validity.badInput) control('as_of').value = appliedAsOf;
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
            `${control(key).value} is not applied (the page shows ${appliedAsOf || 'the latest runs'}).`);
        } else if (key === 'as_of' && control(key).validity.rangeOverflow) {
          showAsOfStatus(`${control(key).value} is not applied: a date has a four-digit year ` +
            `(the page shows ${appliedAsOf || 'the latest runs'}).`);
        }
        return;
      }
      if (key === 'as_of') {
        appliedAsOf = control('as_of').value;
        showPublishedCosts();
        showHeadlinesAsOf();
      } else if (!control('as_of').validity.valid) control('as_of').value = appliedAsOf; // the user moved on
      if (key === 'hardware') showPublishedCosts();
      showAsOfStatus(asOfBeforeFirstRun());
      syncUrl();
      refreshAll();
      if (key === 'model') loadDateBounds();
      if (key === 'as_of') refreshInterpolation();
    }
    for (const key of ['metric', 'x', 'log']) {
      control(key).addEventListener('change', () => { syncUrl(); refreshChart(); refreshHistory(); });
    }
    control('runs').addEventListener('change', () => { syncUrl(); loadTable(false); refreshChart(); });
    $('#points-more').addEventListener('click', () => { if (nextPage !== null) loadTable(true); });
    const historySoon = debounce(refreshHistory, DEBOUNCE_MS);
    $('#history-form').addEventListener('submit', (event) => event.preventDefault());
    control('history_at').addEventListener('input', () => { syncUrl(); historySoon(); });
    control('join').addEventListener('change', () => { syncUrl(); refreshHistory(); });
    $('#planner-form').addEventListener('submit', (event) => event.preventDefault());
    $('#planner-form').addEventListener('input', () => { showPresetNote(); syncUrl(); planSoon(); });
    $('#planner-form').addEventListener('change', () => { showPresetNote(); syncUrl(); planSoon(); });
    control('point').addEventListener('change', () => { document.getElementById('p-by-point').checked = true; });

    $('#export-format').addEventListener('change', updateExportLinks);
    $('#export-csv').addEventListener('click', () => download(exportName('csv'), 'text/csv', toCsv(shownPoints)));
    $('#export-json').addEventListener('click', () =>
      download(exportName('json'), 'application/json', JSON.stringify(shownPoints, null, 2) + '\n'));
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

    const canvas = $('#chart-canvas');
    canvas.tabIndex = 0;
    canvas.addEventListener('keydown', onChartKey);
    canvas.addEventListener('blur', hideTooltip);
    const historyCanvas = $('#history-canvas');
    historyCanvas.tabIndex = 0;
    historyCanvas.addEventListener('keydown', onHistoryKey);
    historyCanvas.addEventListener('blur', () => { $('#history-tooltip').hidden = true; historyFocus = -1; });
    addEventListener('resize', debounce(() => {
      if (chart) chart.setSize(chartSize());
      if (historyChart) historyChart.setSize(chartSize());
    }, DEBOUNCE_MS));
    syncUrl();
    loadCommentsNearby();
    refreshAll();
    loadDateBounds();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
