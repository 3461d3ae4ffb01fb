// The script of the pages beside the tracker: the compare page (/compare) and the embedded chart (/embed/chart). The
// server renders their tables; this draws their chart from the API, and gives the compare page its PNG download. The
// build bundles it from this entry as views.js.
'use strict';
import { api } from './api.js';
import { $ } from './dom.js';
import { chartPng, plotCurves } from './frontier_plot.js';

async function drawCompare(box) {
  const status = $('#compare-status');
  box.dataset.state = 'loading';
  try {
    const url = new URL(box.dataset.api, location.origin);
    const answer = await api('compare', url.searchParams);
    const curves = ['a', 'b'].map((side) => ({ ...answer[side].curve,
      label: `${side}: ${answer[side].configuration} (${answer[side].run_date})` }));
    const chart = plotCurves(box, $('#compare-legend'), curves);
    status.textContent = `2 curves, ${box.dataset.points} points.`;
    box.dataset.state = 'ready';
    const png = $('#compare-png');
    if (chart && png) {
      png.disabled = false;
      png.addEventListener('click', () => {
        const link = document.createElement('a');
        link.href = chartPng(chart, `a: ${curves[0].label.slice(3)}   b: ${curves[1].label.slice(3)}`);
        link.download = png.dataset.name;
        document.body.append(link);
        link.click();
        link.remove();
      });
    }
  } catch (error) {
    status.textContent = 'The chart could not be loaded: ' + error.message;
    box.dataset.state = 'error';
  }
}

// The embed's curves: the latest run of each configuration, or (runs=all) each run date's, newest first, as the
// tracker's chart draws them.
const MAX_RUN_DATES_DRAWN = 8;
async function embedCurves(box) {
  const params = new URLSearchParams(box.dataset.frontier);
  if (box.dataset.runs !== 'all') return (await api('frontier', params)).curves;
  const runs = await api('availability', new URLSearchParams(box.dataset.availability));
  const dates = [...new Set(runs.map((r) => r.date))].sort().reverse().slice(0, MAX_RUN_DATES_DRAWN);
  const answers = await Promise.all(dates.map((date) => {
    const dated = new URLSearchParams(params);
    dated.set('date', date);
    return api('frontier', dated);
  }));
  return answers.flatMap((answer) => answer.curves);
}

async function drawEmbed(box) {
  const status = $('#embed-status');
  box.dataset.state = 'loading';
  try {
    const curves = (await embedCurves(box)).map((c) => ({ ...c,
      label: `${c.configuration} (${c.interactivity_basis === 'p90_itl' ? 'P90' : 'median'})` }));
    plotCurves(box, $('#embed-legend'), curves, { log: box.dataset.log === '1', metricLabel: box.dataset.metricLabel });
    status.textContent = curves.length ? '' : 'Nothing to draw: no point matches these filters.';
    box.dataset.state = 'ready';
  } catch (error) {
    status.textContent = 'The chart could not be loaded: ' + error.message;
    box.dataset.state = 'error';
  }
}

function start() {
  const compare = $('#compare-chart');
  if (compare) drawCompare(compare);
  const embed = $('#embed-chart');
  if (embed) drawEmbed(embed);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
