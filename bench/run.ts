/**
 * `npm run bench [-- name...]`: measures and prints. Never a pass/fail test: these machines are
 * noisy, so each figure is compared with a peer measured in the same run. Names: gateway, csv,
 * diff, offline, first-load (bytes and time, then main-thread), main-thread (long tasks
 * while each screen opens), units, hotels, clone, hotels-browser, transactions, export, csv-roundtrip,
 * csv-browser (the round trip in Chromium; hotels-browser and csv-roundtrip run it too), history,
 * load (1 and 2 gateway processes under 50 and 200 connections), lighthouse (Lighthouse's mobile scores of
 * five pages, the service worker's warm and offline loads), start-link (a start of the installed app over an
 * emulated slow link, beside BENCH_BASELINE_DIST's build) (default: all), e.g. `npm run bench -- csv diff`.
 */
import { printTable, type Row } from './stats';

const suites: Record<string, () => Promise<Row[]>> = {
  gateway: async () => (await import('./gateway')).gatewayBench(),
  csv: async () => (await import('./csv')).csvBench(),
  'csv-roundtrip': async () => (await import('./csv-roundtrip')).csvRoundTripBench(),
  'csv-browser': async () => (await import('./csv-browser')).csvBrowserBench(),
  diff: async () => (await import('./diff')).diffBench(),
  offline: async () => (await import('./offline')).offlineBench(),
  // bytes and time of the first load, then the main thread while each screen opens
  'first-load': async () => [...(await (await import('./first-load')).firstLoadBench()), ...(await (await import('./main-thread')).mainThreadBench())],
  'main-thread': async () => (await import('./main-thread')).mainThreadBench(),
  units: async () => (await import('./units')).unitsBench(),
  hotels: async () => (await import('./hotels')).hotelsBench(),
  clone: async () => (await import('./clone')).cloneBench(),
  'hotels-browser': async () => (await import('./hotels-browser')).hotelsBrowserBench(),
  transactions: async () => (await import('./transactions')).transactionsBench(),
  export: async () => (await import('./export')).exportBench(),
  history: async () => (await import('./history')).historyBench(),
  load: async () => (await import('./load')).loadBench(),
  tenants: async () => (await import('./tenants')).tenantsBench(),
  lighthouse: async () => (await import('./lighthouse')).lighthouseBench(),
  'start-link': async () => (await import('./start-link')).startLinkBench(),
};

const asked = process.argv.slice(2).filter((arg) => arg !== '--');
const unknown = asked.filter((name) => !(name in suites));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(suites).join(', ')}.`);
  process.exit(2);
}
// first-load runs main-thread too: all of them runs it once
const chosen = asked.length > 0 ? Object.keys(suites).filter((name) => asked.includes(name)) : Object.keys(suites).filter((name) => name !== 'main-thread');
// the CSV round trip in Chromium belongs to both: run once, after the first of them
const alsoRuns: Record<string, string[]> = { 'hotels-browser': ['csv-browser'], 'csv-roundtrip': ['csv-browser'] };
const selected = [...new Set(chosen.flatMap((name) => [name, ...(alsoRuns[name] ?? [])]))];

const rows: Row[] = [];
console.log(`Lobby bench (${selected.join(', ')}), node ${process.version}, ${new Date().toISOString()}`);
for (const name of selected) rows.push(...(await (suites[name] as () => Promise<Row[]>)()));
printTable(rows);
