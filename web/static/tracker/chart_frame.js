// What the frontier and history charts share: colours, size, axes and the words for an empty chart.
import { state } from './controls.js';
import { $ } from './dom.js';
import { fmtCompact } from './format.js';

// Dark enough for 3:1 contrast against the white chart background.
export const PALETTE = ['#0b62a4', '#c0392b', '#1e7b34', '#7b3fa0', '#a0522d', '#b3156f', '#0f7c7c', '#5b5b5b',
  '#946c00', '#2f4b7c'];

// Why a chart is empty: no point matches the filters (with an as-of date, that date is the likelier cause and is
// named), or the points there are lack the chosen throughput or interactivity (`unusable`: a source gives none).
export function nothingToDraw(unusable) {
  const asOf = state.appliedAsOf;
  return unusable
    ? 'Nothing to draw: no point of these filters' + (asOf ? ` measured on or before ${asOf}` : '') +
      ' has the chosen throughput and interactivity.'
    : 'Nothing to draw: no point matches these filters' + (asOf ? ` on or before ${asOf}` : '') + '.';
}

export function chartSize() {
  const width = Math.max(280, $('#chart-canvas').clientWidth);
  return { width, height: Math.round(Math.min(420, Math.max(260, width * 0.6))) };
}

// A uPlot axis titled `label`, its ticks in compact figures (12k, 1.5M).
export const chartAxis = (label) => ({ label, stroke: '#333', grid: { stroke: '#e4e4e4' },
  values: (u, ticks) => ticks.map((v) => (v === null ? '' : fmtCompact(v))) });

// The chosen throughput in words ("Total"), for an axis title.
export const metricLabel = () => $('#c-metric').selectedOptions[0].textContent.replace(/ \(.*\)/, '');
