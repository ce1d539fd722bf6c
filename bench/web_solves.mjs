// The web page against the native CLI on the same machine in the same run: page load (fresh
// browser context, so the WebAssembly is fetched and compiled each time), the first 4x4 solve's
// table build, 8-puzzles, and Korf's 15-puzzles with the same 5-5-5 tables: the ten easiest (by
// Korf's 1985 node counts; their searches are near the page's 0.1 ms clock) and the first ten
// (longer ones). Search times are those the solver reports (stats.seconds) on both sides, each
// search on one thread.
//
//   npm ci --prefix tests/web && node bench/web_solves.mjs [--runs 5]
// Needs build/npuzzle and build-web/site (scripts/test.sh builds both).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '../tests/web/node_modules/playwright-core/index.mjs';

const root = new URL('..', import.meta.url).pathname;
const cli = `${root}build/npuzzle`;
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (s) => `${(s * 1000).toFixed(2)} ms`;

const EASIEST = [79, 12, 42, 55, 97, 19, 94, 47, 93, 9];
const FIRST = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const korf = readFileSync(`${root}instances/korf100.txt`, 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.trim().split(/\s+/).map(Number))
  .map((f) => ({ id: f[0], length: f[1], board: f.slice(4).join(' ') }));
const eights = execFileSync(cli, ['random', '-n', '2000', '--seed', '5'], { encoding: 'utf8' }).trim().split('\n');

// Native: the same boards through the CLI, its own cache holding the 5-5-5 set.
const cache = mkdtempSync(join(tmpdir(), 'npuzzle-bench-'));
const env = { ...process.env, NPUZZLE_CACHE: cache };
execFileSync(cli, ['pdb', 'build', '5-5-5'], { env, stdio: 'ignore' });
function nativeSeconds(args, input) {
  const out = execFileSync(cli, ['solve', '--json', ...args], { env, input, encoding: 'utf8' });
  return out.trim().split('\n').map((l) => JSON.parse(l));
}

const server = spawn(cli, ['web', '--port', '0', '--dir', `${root}build-web/site`], { stdio: ['ignore', 'pipe', 'inherit'] });
const base = await new Promise((resolve) => {
  let text = '';
  server.stdout.on('data', (c) => {
    text += c;
    const m = text.match(/http:\/\/127\.0\.0\.1:\d+\//);
    if (m) resolve(m[0]);
  });
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });

const loads = [];
for (let r = 0; r < runs; r++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const began = Date.now();
  await page.goto(base);
  await page.waitForSelector('#facts dt'); // the worker answered: the core is loaded
  loads.push((Date.now() - began) / 1000);
  await context.close();
}

// In the page: a worker of its own, asked directly, the calls timed inside the page.
const context = await browser.newContext();
const page = await context.newPage();
await page.goto(base);
const inPage = (op, list) =>
  page.evaluate(
    async ({ op, list }) => {
      window.benchWorker ??= new Worker('worker.js');
      const worker = window.benchWorker;
      const ask = (args) =>
        new Promise((resolve) => {
          const id = Math.random();
          const listen = (e) => {
            if (e.data.id !== id) return;
            worker.removeEventListener('message', listen);
            resolve(e.data.result);
          };
          worker.addEventListener('message', listen);
          worker.postMessage({ id, op, args });
        });
      const began = performance.now();
      const results = [];
      for (const args of list) results.push(await ask(args));
      return { wall: (performance.now() - began) / 1000, results };
    },
    { op, list },
  );

const rows = [];
const buildBegan = Date.now();
await inPage('solve', [['1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15', '4x4', 'blank-first', 60]]);
rows.push(['first 4x4 solve (builds 5-5-5 in the page)', (Date.now() - buildBegan) / 1000, null]);

const eightTimes = { page: [], native: [] };
for (let r = 0; r < runs; r++) {
  const p = await inPage('solve', eights.map((b) => [b, '3x3', 'blank-last', 10]));
  eightTimes.page.push(p.wall);
  const began = process.hrtime.bigint();
  nativeSeconds([], eights.join('\n') + '\n');
  eightTimes.native.push(Number(process.hrtime.bigint() - began) / 1e9);
}
rows.push([`${eights.length} random 8-puzzles, whole calls`, median(eightTimes.page), median(eightTimes.native)]);

/** Korf's instances `ids`, each solved `runs` times on both sides: a row each, and their sum. */
async function korfRows(ids, label) {
  let pageTotal = 0;
  let nativeTotal = 0;
  for (const k of korf.filter((i) => ids.includes(i.id))) {
    const p = [];
    const n = [];
    for (let r = 0; r < runs; r++) {
      const [s] = (await inPage('solve', [[k.board, '4x4', 'blank-first', 600]])).results;
      if (s.length !== k.length) throw new Error(`Korf #${k.id}: ${s.length} moves, published ${k.length}`);
      p.push(s.stats.seconds);
      // (One search thread, as the page's worker has.)
      const [c] = nativeSeconds(['--goal', 'blank-first', '--pdb', '5-5-5', '--search-threads', '1', k.board]);
      if (c.length !== k.length) throw new Error(`native Korf #${k.id}: ${c.length}`);
      n.push(c.stats.seconds);
    }
    pageTotal += median(p);
    nativeTotal += median(n);
    rows.push([`Korf #${k.id} (${k.length} moves), search`, median(p), median(n)]);
  }
  rows.push([`${label}, search in all`, pageTotal, nativeTotal]);
}
await korfRows(EASIEST, "Korf's ten easiest");
await korfRows(FIRST, "Korf's first ten");

console.log(`page load (fresh context, core compiled): median ${ms(median(loads))} of ${runs}`);
console.log('workload | in the page | native | page / native');
for (const [what, p, n] of rows) {
  console.log(`${what} | ${ms(p)} | ${n === null ? '-' : ms(n)} | ${n ? (p / n).toFixed(2) : '-'}`);
}
await browser.close();
server.kill('SIGINT');
rmSync(cache, { recursive: true, force: true });
