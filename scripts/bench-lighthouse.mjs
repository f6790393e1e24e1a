// `npm run bench:lighthouse`: Core Web Vitals of /shop and a business page under Lighthouse's
// default mobile profile (a mid-range phone, simulated slow 4G and 4× slower CPU), in Debian's
// Chromium. It starts the built server on its own port and data dir with the demo data, runs
// Lighthouse a few times per page and prints the median of each figure (issue 20, item 7).
//
// Environment:
//   WEB_DIST_DIR, PGLITE_DATA_DIR  as for bench-web-server.mjs
//   BENCH_PORT          the server's port (default 4392)
//   LIGHTHOUSE_RUNS     runs per page (default 3)
//   LIGHTHOUSE_PAGES    comma-separated paths (default "/shop,/business/chalk-knoll-cellars")
//   LIGHTHOUSE_CHROME   the browser (default /usr/bin/chromium)
//   LIGHTHOUSE_REPORTS  a folder to write each run's full JSON report to, to see why
//   BENCH_RESULT_FILE   where to write the figures for `npm run bench`
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  buildWebIfMissing,
  startWebServer,
  webDist,
  writeBenchResult,
} from './bench-web-server.mjs';
import { CHROMIUM_ARGS } from './chromium.mjs';

const port = Number(process.env.BENCH_PORT ?? 4392);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/shop,/business/chalk-knoll-cellars').split(',');
const chromePath = process.env.LIGHTHOUSE_CHROME ?? '/usr/bin/chromium';
const reportDir = process.env.LIGHTHOUSE_REPORTS;

/** Targets of issue 20, item 7. */
const TARGETS = {
  performance: { min: 90, unit: 'score', label: 'performance' },
  lcp: { max: 2500, unit: 'ms', label: 'LCP' },
  cls: { max: 0.1, unit: 'ratio', label: 'CLS' },
  tbt: { max: 200, unit: 'ms', label: 'TBT' },
  fcp: { unit: 'ms', label: 'FCP' },
  accessibility: { min: 90, unit: 'score', label: 'accessibility' },
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The figures of one run, and the accessibility audits it failed. */
function figuresOf(lhr) {
  const audit = (id) => lhr.audits[id].numericValue;
  const failedAccessibility = lhr.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score === 0)
    .map((ref) => ref.id);
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    fcp: audit('first-contentful-paint'),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    failedAccessibility,
  };
}

/** Lighthouse 12.2 sometimes loses the trace on a loaded machine (NO_NAVSTART); runs again then. */
const ATTEMPTS = 3;

async function measure(chrome, url, run, attempt = 1) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError) {
    if (attempt < ATTEMPTS) return measure(chrome, url, run, attempt + 1);
    throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  }
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-/, '')}-${run}.json`;
    writeFileSync(path.join(reportDir, name), result.report);
  }
  return figuresOf(result.lhr);
}

const formatValue = (key, value) =>
  TARGETS[key].unit === 'ms'
    ? `${Math.round(value)} ms`
    : TARGETS[key].unit === 'ratio'
      ? value.toFixed(3)
      : String(value);

const targetText = ({ min, max, unit }) =>
  min !== undefined
    ? `>= ${min}`
    : unit === 'ms'
      ? `<= ${max >= 1000 ? `${max / 1000} s` : `${max} ms`}`
      : `<= ${max}`;

buildWebIfMissing();
console.log(`Lighthouse ${runs}× per page, mobile defaults, ${chromePath}, build ${webDist}`);
const server = await startWebServer(port, { name: 'lighthouse' });
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
const figures = [];
try {
  for (const page of pages) {
    const url = `${server.baseUrl}${page}`;
    // Once unmeasured: the server's first answers (and its search index) are slower.
    await measure(chrome, url, 'warm-up');
    const results = [];
    for (let run = 1; run <= runs; run++) results.push(await measure(chrome, url, run));
    console.log(`${page} (median of ${runs}, load average ${os.loadavg()[0].toFixed(2)}):`);
    for (const [key, target] of Object.entries(TARGETS)) {
      const values = results.map((result) => result[key]);
      const value = median(values);
      const met =
        target.min !== undefined
          ? value >= target.min
          : target.max !== undefined
            ? value <= target.max
            : true;
      const all = values.map((v) => formatValue(key, v)).join(', ');
      const goal = target.min ?? target.max;
      console.log(
        `  ${target.label.padEnd(14)} ${formatValue(key, value).padEnd(9)}` +
          `${goal === undefined ? '' : ` target ${targetText(target)} ${met ? 'met' : 'MISSED'}`} (runs: ${all})`,
      );
      figures.push({
        item: '7',
        name: `${page} ${target.label}`,
        value: target.unit === 'ms' ? Math.round(value) : value,
        unit: target.unit,
        target: goal === undefined ? '' : targetText(target),
        met,
        detail: `median of ${runs} runs: ${all}`,
      });
    }
    const failed = [...new Set(results.flatMap((result) => result.failedAccessibility))];
    console.log(`  accessibility audits failed: ${failed.length ? failed.join(', ') : 'none'}`);
  }
  writeBenchResult(figures);
} finally {
  chrome.kill();
  await server.stop();
}
