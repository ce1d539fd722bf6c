// The web page in a real browser: Debian's Chromium, headless, driven by playwright-core, against
// the page served by `npuzzle web`. Every solution the page shows is checked against the CLI (the
// same length as its optimal one) and replayed by the CLI's `verify`. Screenshots are left in
// build/web-screenshots for people to look at.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const root = new URL('../..', import.meta.url).pathname;
const cli = process.env.NPUZZLE_BIN || `${root}build/npuzzle`;
const site = process.env.NPUZZLE_WEB_SITE || `${root}build-web/site`;
const shots = `${root}build/web-screenshots`;
const BOARD_4X4 = '7 9 6 4 3 5 2 10 0 1 11 12 14 13 8 15'; // 44 moves from blank-last

let server;
let base;
let browser;
let page;
const consoleErrors = [];

/** The CLI's answer: its stdout, and stderr and exit code where it fails. */
function npuzzle(...args) {
  try {
    return { out: execFileSync(cli, args, { encoding: 'utf8', stdio: 'pipe' }).trim(), code: 0 };
  } catch (e) {
    return { out: e.stdout.trim(), err: e.stderr.trim(), code: e.status };
  }
}

/** The tiles the page shows, in reading order ('' for the blank). */
async function shownTiles(grid = '#board') {
  return page.$$eval(`${grid} .piece`, (pieces) =>
    pieces
      .map((p) => ({ cell: Number(p.dataset.cell), text: p.textContent }))
      .sort((a, b) => a.cell - b.cell)
      .map((p) => p.text),
  );
}

async function enterBoard(text) {
  await page.fill('#board-text', text);
  await page.click('#load');
}

/** Solves the shown board; the move strings the page lists once it is done. */
async function solveShown(timeout = 60_000) {
  await page.click('#solve');
  await page.waitForSelector('#player:not([hidden])', { timeout });
  return {
    blank: await page.textContent('#moves-blank'),
    tile: await page.textContent('#moves-tile'),
    facts: await page.textContent('#facts'),
  };
}

function checkAgainstCli(board, moves, goal = 'blank-last') {
  const optimal = npuzzle('solve', '--goal', goal, board);
  assert.equal(optimal.code, 0);
  assert.equal(moves.length, optimal.out.length, `the CLI's optimal length for ${board}`);
  assert.match(npuzzle('verify', '--goal', goal, board, moves).out, /^valid/);
}

before(async () => {
  mkdirSync(shots, { recursive: true });
  server = spawn(cli, ['web', '--port', '0', '--dir', site], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    let text = '';
    server.stdout.on('data', (chunk) => {
      text += chunk;
      const m = text.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) resolve(m[0]);
    });
    server.on('exit', (code) => reject(new Error(`npuzzle web exited with ${code}`)));
  });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  await page.goto(base);
  await page.waitForSelector('#board .piece');
});

after(async () => {
  await browser?.close();
  server?.kill('SIGINT');
});

test('the board is drawn before the solver has loaded, and what needs the solver waits', async () => {
  const fresh = await browser.newPage();
  // The first moment a board is on the page, as it was then.
  await fresh.addInitScript(() => {
    new MutationObserver(() => {
      if (window.firstDraw || !document.querySelector('#board .piece')) return;
      window.firstDraw = {
        at: performance.now(),
        solverReady: document.body.dataset.solver === 'ready',
        pieces: document.querySelectorAll('#board .piece').length,
        message: document.getElementById('message').textContent,
        solveDisabled: document.getElementById('solve').disabled,
      };
    }).observe(document, { childList: true, subtree: true });
  });
  await fresh.goto(`${base}#size=4x4&goal=blank-last`);
  await fresh.waitForSelector('body[data-solver="ready"]');
  const first = await fresh.evaluate(() => window.firstDraw);
  assert.ok(first, 'no board was drawn');
  assert.equal(first.solverReady, false);
  assert.equal(first.pieces, 16);
  assert.match(first.message, /Loading the solver/);
  assert.equal(first.solveDisabled, true);
  assert.ok(first.at < 1000, `the board was drawn ${Math.round(first.at)} ms after the page began`);
  await fresh.waitForFunction(() => !document.getElementById('solve').disabled);
  await fresh.waitForSelector('text=Solved: this is the goal.');
  await fresh.close();
});

test('a 3x3 board is solved in the fewest moves and stepped to the goal', async () => {
  const board = '8 1 3 4 0 2 7 6 5';
  await enterBoard(board);
  await page.waitForFunction(() => location.hash.includes('board=8%2C1%2C3'));
  const s = await solveShown();
  assert.match(s.facts, /yes, proven/);
  assert.match(s.facts, /reaches the goal/);
  checkAgainstCli(board, s.blank);
  assert.equal(s.tile.length, s.blank.length);
  for (let i = 0; i < s.blank.length; i++) await page.click('#forward');
  assert.match(await page.textContent('#step'), new RegExp(`Move ${s.blank.length} of ${s.blank.length}: 0 left`));
  assert.deepEqual(await shownTiles(), ['1', '2', '3', '4', '5', '6', '7', '8', '']);
  await page.click('#back');
  assert.match(await page.textContent('#step'), /1 left, distance 1 \(proven\)/);
  await page.screenshot({ path: `${shots}/3x3-solved.png` });
  // In a 1100 x 800 window the board takes most of the height, beside the controls.
  const grid = await page.$eval('#board', (b) => b.getBoundingClientRect().toJSON());
  const aside = await page.$eval('.play aside', (a) => a.getBoundingClientRect().toJSON());
  assert.ok(grid.width >= 600, `the board is ${grid.width} px wide`);
  assert.ok(aside.left >= grid.right, 'the controls are not beside the board');
});

test('a 4x4 board is solved with tables built in the page and kept in IndexedDB', async () => {
  await page.evaluate(() => {
    window.said = [];
    new MutationObserver(() => window.said.push(document.getElementById('message').textContent)).observe(
      document.getElementById('message'),
      { childList: true, characterData: true, subtree: true },
    );
  });
  await enterBoard(BOARD_4X4);
  const s = await solveShown(120_000);
  // The page's words for the tables: no file paths, no advice to build what it cannot.
  const said = await page.evaluate(() => window.said);
  assert.ok(said.some((m) => m.startsWith('Building the tables for this size')), `${said}`);
  assert.ok(!said.some((m) => /\/tables\/|npuzzle pdb|stronger/.test(m)), `${said}`);
  assert.match(s.facts, /yes, proven/);
  assert.match(s.facts, /pdb/);
  checkAgainstCli(BOARD_4X4, s.blank);
  await page.click('#last');
  assert.deepEqual(await shownTiles(), [...Array.from({ length: 15 }, (_, i) => String(i + 1)), '']);
  await page.screenshot({ path: `${shots}/4x4-solved.png` });
  // A second visit reads the tables back rather than building them again.
  await page.reload();
  await page.waitForSelector('#board .piece');
  const notes = [];
  await page.exposeFunction('recordNote', (text) => notes.push(text));
  await page.evaluate(() =>
    new MutationObserver(() => window.recordNote(document.getElementById('message').textContent)).observe(
      document.getElementById('message'),
      { childList: true, characterData: true, subtree: true },
    ),
  );
  const again = await solveShown(60_000);
  assert.equal(again.blank.length, s.blank.length);
  assert.ok(!notes.some((n) => /build/.test(n)), `no table built on the second visit: ${notes}`);
});

test('a bad board gets the CLI message on the page, and an unsolvable one says so', async () => {
  const bad = '1 2 3 4 5 6 7 8 8';
  await enterBoard(bad);
  await page.waitForSelector('#message.error');
  // The CLI says where ("board: "); the page has one board, so only what is wrong.
  const cliMessage = npuzzle('check', bad).err.replace(/^npuzzle: board: /, '');
  assert.equal(npuzzle('check', bad).code, 2);
  assert.equal(await page.textContent('#message'), cliMessage);
  await page.screenshot({ path: `${shots}/bad-board.png` });

  await enterBoard('1 2 3 4 5 6 8 7 0');
  await page.waitForFunction(() => document.getElementById('facts').textContent.includes('parity'));
  await page.click('#solve');
  await page.waitForSelector('#message.error');
  assert.match(await page.textContent('#message'), /cannot reach the goal/);
});

test('a shared link opens its board, and the arrow keys move the blank', async () => {
  await page.goto(`${base}#size=3x4&goal=blank-first&board=0,1,2,3,4,5,6,7,8,9,10,11`);
  await page.waitForFunction(() => document.querySelectorAll('#board .piece').length === 12);
  assert.equal(await page.inputValue('#rows'), '3');
  assert.equal(await page.inputValue('#cols'), '4');
  assert.equal(await page.inputValue('#goal'), 'blank-first');
  await page.waitForSelector('text=Solved: this is the goal.');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.deepEqual(await shownTiles(), ['1', '5', '2', '3', '4', '', '6', '7', '8', '9', '10', '11']);
  await page.waitForFunction(() => location.hash.includes('board=1%2C5%2C2'));
  const s = await solveShown();
  assert.equal(s.blank, 'ul');
  await page.click('#hint');
  await page.waitForSelector('text=/Hint: move the blank up/');
  // Stepping on leaves the board the hint was about: the hint goes.
  await page.click('#forward');
  await page.waitForFunction(() => !document.getElementById('message').textContent.includes('Hint'));
});

test('by hand: a move counter, undo and redo, and a cue once solved', async () => {
  await page.goto(`${base}#size=3x3&goal=blank-last&board=1,2,3,4,5,6,7,0,8`);
  await page.waitForSelector('body[data-solver="ready"]');
  await page.waitForFunction(() => document.getElementById('facts').textContent.includes('Solvable'));
  assert.equal(await page.textContent('#hand-count'), '0 moves by hand');
  assert.equal(await page.isDisabled('#undo'), true);
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await shownTiles(), ['1', '2', '3', '4', '5', '6', '', '7', '8']);
  assert.equal(await page.textContent('#hand-count'), '1 move by hand');
  await page.click('#undo');
  assert.deepEqual(await shownTiles(), ['1', '2', '3', '4', '5', '6', '7', '', '8']);
  assert.equal(await page.textContent('#hand-count'), '0 moves by hand');
  assert.equal(await page.isDisabled('#redo'), false);
  await page.keyboard.press('Control+y');
  assert.deepEqual(await shownTiles(), ['1', '2', '3', '4', '5', '6', '', '7', '8']);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.isDisabled('#redo'), true); // a new move drops what was taken back
  await page.waitForSelector('text=Solved by hand in 1 move.');
  assert.equal(await page.getAttribute('#board', 'class'), 'board solved');
  await page.screenshot({ path: `${shots}/solved-by-hand.png` });
  await page.click('#shuffle');
  await page.waitForFunction(() => document.getElementById('hand-count').textContent === '0 moves by hand');
  assert.ok(!(await page.getAttribute('#board', 'class')).includes('solved'));
});

test('a bad link shows the goal with the error, and Shuffle during a solve takes over', async () => {
  await page.goto(`${base}#size=3x3&goal=blank-first&board=1,1,2,3,4,5,6,7,8`);
  await page.waitForSelector('text=/The link\'s board is not valid/');
  assert.deepEqual(await shownTiles(), ['', '1', '2', '3', '4', '5', '6', '7', '8']);
  assert.equal(await page.inputValue('#goal'), 'blank-first');
  assert.match(await page.textContent('#facts'), /Solvable\s*yes/);

  await page.goto(`${base}#size=10x10&goal=blank-last`);
  await page.waitForSelector('body[data-solver="ready"]');
  await page.waitForFunction(() => document.querySelectorAll('#board .piece').length === 100);
  await page.click('#shuffle');
  await page.waitForFunction(() => !document.getElementById('message').textContent.includes('this is the goal'));
  const before = (await shownTiles()).join(' ');
  await page.evaluate(() => {
    window.said = [];
    new MutationObserver(() => window.said.push(document.getElementById('message').textContent)).observe(
      document.getElementById('message'),
      { childList: true, characterData: true, subtree: true },
    );
  });
  await page.click('#solve');
  await page.click('#shuffle');
  await page.waitForFunction((b) => {
    const shown = [...document.querySelectorAll('#board .piece')]
      .sort((x, y) => Number(x.dataset.cell) - Number(y.dataset.cell))
      .map((p) => p.textContent)
      .join(' ');
    return shown !== b && document.getElementById('stop').disabled;
  }, before);
  assert.equal(await page.isHidden('#player'), true);
  assert.equal(await page.isDisabled('#solve'), false);
  const said = await page.evaluate(() => window.said);
  assert.ok(said.includes('Stopped.'), `the solve was not stopped: ${said}`);
  assert.ok(!said.some((m) => m.startsWith('Solved:')), `the old board's solve went on: ${said}`);
});

test('a 10x10 board gets the fast solver\'s answer, marked not proven, with a lower bound', async () => {
  await page.selectOption('#goal', 'blank-last');
  await page.fill('#rows', '10');
  await page.fill('#cols', '10');
  await page.press('#cols', 'Tab');
  await page.waitForFunction(() => document.querySelectorAll('#board .piece').length === 100);
  await page.waitForFunction(() => !document.getElementById('shuffle').disabled);
  const unshuffled = (await shownTiles()).join(' ');
  await page.click('#shuffle');
  // The shuffled board is in, and checked (its facts shown).
  await page.waitForFunction(
    (b) =>
      [...document.querySelectorAll('#board .piece')]
        .sort((x, y) => Number(x.dataset.cell) - Number(y.dataset.cell))
        .map((p) => p.textContent)
        .join(' ') !== b && document.getElementById('facts').textContent.includes('Solvable'),
    unshuffled,
  );
  const board = (await shownTiles()).map((t) => t || '0').join(' ');
  const s = await solveShown();
  assert.match(s.facts, /not proven; none is shorter than \d+/);
  assert.match(s.facts, /reaches the goal/);
  const replay = npuzzle('verify', '--size', '10x10', board, s.blank);
  assert.match(replay.out, /^valid/, replay.err);
  // One lower bound for the start, in the facts and the step line; none at the goal.
  const bound = s.facts.match(/none is shorter than (\d+)/)[1];
  await page.click('#first');
  await page.waitForFunction((b) => document.getElementById('step').textContent.includes(`at least ${b} to go`), bound);
  await page.click('#last');
  await page.waitForFunction(() => document.getElementById('step').textContent.endsWith('0 left, the goal'));
  assert.deepEqual(await shownTiles(), [...Array.from({ length: 99 }, (_, i) => String(i + 1)), '']);
  await page.screenshot({ path: `${shots}/10x10-solved.png` });
});

test('the cube view solves the POJ 3131 sample in the fewest rolls', async () => {
  await page.click('#tab-cube');
  const dataset = '3 3\nW B W\nB R E\nR B R';
  await page.fill('#cube-text', dataset);
  await page.click('#cube-solve');
  await page.waitForSelector('#cube-player:not([hidden])');
  assert.match(await page.textContent('#cube-facts'), /13 rolls/);
  const rolls = await page.textContent('#cube-moves');
  assert.equal(rolls.length, 13);
  const judged = execFileSync(cli, ['judge', 'poj3131'], { input: `${dataset}\n0 0\n`, encoding: 'utf8' });
  assert.equal(judged.trim(), '13');
  for (let i = 0; i < 13; i++) await page.click('#cube-forward');
  const tops = await shownTiles('#cube-board');
  assert.deepEqual(tops, ['W', 'B', 'W', 'B', 'R', 'R', 'B', 'R']);
  await page.screenshot({ path: `${shots}/cube-solved.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('#tab-tiles');
  await page.screenshot({ path: `${shots}/phone-width.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is wider than a phone by ${overflow} px`);
  const small = await page.$$eval('button, input, select', (all) =>
    all
      .filter((e) => e.offsetParent !== null)
      .map((e) => [e.id || e.textContent.trim(), Math.round(e.getBoundingClientRect().height)])
      .filter(([, h]) => h < 44),
  );
  assert.deepEqual(small, [], 'controls under 44 px tall on a phone');
});

test('no console errors', () => {
  assert.deepEqual(consoleErrors, []);
});
