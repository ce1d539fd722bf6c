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

/** Each cube on the cube board as [square, its top, front and right colours], in square order. */
async function shownCubes() {
  return page.$$eval('#cube-board .cube3d', (cubes) =>
    cubes.map((c) => [Number(c.dataset.cell), c.dataset.faces]).sort((a, b) => a[0] - b[0]),
  );
}

test('the cube view: the start in 3D at once, a target set by clicks, each roll drawn', async () => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.goto(base);
  await page.waitForSelector('body[data-solver="ready"]');
  await page.click('#tab-cube');
  // Before any solve: eight cubes in the standard orientation, the empty square at 3 3.
  assert.deepEqual(await shownCubes(), [0, 1, 2, 3, 4, 5, 6, 7].map((sq) => [sq, 'WRB']));
  assert.equal(await page.textContent('#cube-view .time-cap'), 'A search stops after 30 s.');
  // The start's empty square and the target's colours by clicking; the text follows.
  await page.click('#cube-board .square >> nth=0');
  assert.deepEqual((await shownCubes()).map(([sq]) => sq), [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.match(await page.inputValue('#cube-text'), /^1 1\n/);
  await page.click('#cube-target button >> nth=0'); // W -> R
  await page.click('#cube-target button >> nth=5'); // E -> W: no empty square left
  assert.equal(await page.inputValue('#cube-text'), '1 1\nR B W\nB R W\nR B R');
  await page.click('#cube-solve');
  await page.waitForSelector('#cube-message.error');
  assert.match(await page.textContent('#cube-message'), /no E/);
  for (let i = 0; i < 3; i++) await page.click('#cube-target button >> nth=5'); // W -> R -> B -> E
  await page.click('#cube-target button >> nth=0');
  await page.click('#cube-target button >> nth=0');
  await page.click('#cube-target button >> nth=0'); // R -> B -> E -> W
  await page.click('#cube-board .square >> nth=8');
  const dataset = '3 3\nW B W\nB R E\nR B R';
  assert.equal(await page.inputValue('#cube-text'), dataset);
  await page.screenshot({ path: `${shots}/cube-start.png` });

  await page.click('#cube-solve');
  await page.waitForSelector('#cube-player:not([hidden])');
  assert.match(await page.textContent('#cube-facts'), /13 rolls/);
  const rolls = await page.textContent('#cube-moves');
  assert.equal(rolls.length, 13);
  const judged = execFileSync(cli, ['judge', 'poj3131'], { input: `${dataset}\n0 0\n`, encoding: 'utf8' });
  assert.equal(judged.trim(), '13');
  const replay = execFileSync(cli, ['cube', 'verify', rolls], { input: `${dataset}\n0 0\n`, encoding: 'utf8' });
  assert.match(replay, /^valid/);
  // One roll: one cube moves to the old empty square, its top and front (or right) swapped.
  const start = await shownCubes();
  await page.click('#cube-forward');
  await page.waitForTimeout(80);
  await page.screenshot({ path: `${shots}/cube-rolling.png` });
  await page.waitForSelector('#cube-board .cube3d[data-cell="8"]');
  const after = await shownCubes();
  const movedCube = after.find(([sq]) => !start.some(([s]) => s === sq));
  assert.deepEqual(movedCube, [8, 'RWB'], `after ${rolls[0]}: ${JSON.stringify(after)}`);
  await page.click('#cube-last');
  const end = await shownCubes();
  assert.deepEqual(end.map(([, faces]) => faces[0]).join(''), 'WBWBRRBR');
  assert.deepEqual(end.map(([sq]) => sq), [0, 1, 2, 3, 4, 6, 7, 8]);
  await page.screenshot({ path: `${shots}/cube-solved.png` });
});

test('set-up: the cells clicked in turn take tiles 1, 2, 3 and on; the last one the blank', async () => {
  await page.click('#tab-tiles');
  await page.goto(`${base}#size=2x3&goal=blank-last`);
  await page.waitForSelector('body[data-solver="ready"]');
  await page.waitForSelector('text=Solved: this is the goal.');
  await page.click('#setup');
  assert.equal(await page.getAttribute('#setup', 'aria-pressed'), 'true');
  assert.equal(await page.isDisabled('#solve'), true);
  assert.match(await page.textContent('#message'), /tile 1 of 5/);
  assert.equal(await page.textContent('#facts'), ''); // the facts were about the board before
  const cell = (c) => page.click(`#board .piece[data-cell="${c}"]`);
  await cell(5);
  await cell(4);
  await cell(4); // the last placed, taken back
  await cell(3);
  assert.match(await page.textContent('#message'), /tile 3 of 5/);
  await page.keyboard.press('ArrowUp'); // no moves while setting up
  for (const c of [2, 1, 0]) await cell(c);
  await page.waitForFunction(() => location.hash.includes('board=5%2C4%2C3%2C2%2C0%2C1'));
  await page.waitForFunction(() => document.getElementById('facts').textContent.includes('Solvable'));
  assert.deepEqual(await shownTiles(), ['5', '4', '3', '2', '', '1']);
  assert.equal(await page.textContent('#setup'), 'Set up');
  assert.equal(await page.isDisabled('#solve'), false);
  const s = await solveShown();
  assert.equal(s.blank.length, npuzzle('solve', '--size', '2x3', '5 4 3 2 0 1').out.length);
  assert.match(npuzzle('verify', '--size', '2x3', '5 4 3 2 0 1', s.blank).out, /^valid/);
  // Cancelled, the board there was comes back.
  await page.click('#setup');
  await page.click('#board .piece[data-cell="0"]');
  await page.click('#setup');
  assert.deepEqual(await shownTiles(), ['5', '4', '3', '2', '', '1']);
  assert.equal(await page.textContent('#message'), '');
});

test("the page's words: sizes said against the fields, the time cap shown before a search", async () => {
  await page.goto(`${base}#size=3x3&goal=blank-last`);
  await page.waitForSelector('body[data-solver="ready"]');
  assert.equal(await page.textContent('#tiles-view .time-cap'), 'A search stops after 30 s.');
  assert.ok(await page.isVisible('#tiles-view .time-cap'));
  await enterBoard('1 2 3 4 5 0');
  await page.waitForSelector('#message.error');
  const said = await page.textContent('#message');
  assert.equal(said, 'a 3x3 board has 9 tiles, got 6 (set Rows and Columns to the size you mean first)');
  assert.doesNotMatch(said, /give the size|rows x cols|--/);
  await enterBoard('1 2 3 0'); // a square count of another size still takes its own size
  await page.waitForFunction(() => document.querySelectorAll('#board .piece').length === 4);
  assert.equal(await page.inputValue('#rows'), '2');
});

/** axe-core's serious and critical findings on the page as it is now. */
async function accessibilityFindings() {
  await page.addScriptTag({ path: `${root}tests/web/node_modules/axe-core/axe.min.js` });
  return page.evaluate(async () =>
    (await window.axe.run())
      .violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  );
}

test('accessible: no serious axe-core findings, the keyboard reaches and moves everything', async () => {
  await page.goto(`${base}#size=3x3&goal=blank-last&board=1,2,3,4,5,6,7,0,8`);
  await page.waitForSelector('body[data-solver="ready"]');
  await page.waitForFunction(() => document.getElementById('facts').textContent.includes('Solvable'));
  assert.deepEqual(await accessibilityFindings(), [], 'the tiles view');
  await solveShown();
  assert.deepEqual(await accessibilityFindings(), [], 'the tiles view, solved');
  await page.click('#setup');
  assert.deepEqual(await accessibilityFindings(), [], 'set-up');
  await page.click('#setup');
  // Tab to the tile right of the blank and press Enter: it moves, and the focus shows.
  await page.goto(`${base}#size=3x3&goal=blank-last&board=1,2,3,4,5,6,7,0,8`);
  await page.waitForFunction(() => document.getElementById('facts').textContent.includes('Solvable'));
  await page.focus('#board .piece[data-key="6"]');
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement.dataset.key === '8');
  }
  assert.ok(reached, 'Tab does not reach tile 8');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none', 'the focused tile shows no outline');
  await page.keyboard.press('Enter');
  await page.waitForSelector('text=Solved by hand in 1 move.');
  assert.equal(await page.getAttribute('#message', 'role'), 'status'); // said aloud as it changes
  await page.click('#tab-cube');
  assert.deepEqual(await accessibilityFindings(), [], 'the cube view');
  await page.click('#cube-solve');
  await page.waitForSelector('#cube-player:not([hidden])');
  assert.deepEqual(await accessibilityFindings(), [], 'the cube view, solved');
  await page.focus('#cube-target button >> nth=0');
  await page.keyboard.press('Enter');
  assert.match(await page.inputValue('#cube-text'), /^3 3\nR B W/);
});

test('on a phone: nothing wider than the screen, every control at least 44 px tall', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const tab of ['#tab-tiles', '#tab-cube']) {
    await page.goto(base);
    await page.waitForSelector('body[data-solver="ready"]');
    await page.click(tab);
    await page.screenshot({ path: `${shots}/phone-${tab.slice(5)}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${tab}: the page is wider than a phone by ${overflow} px`);
    const small = await page.$$eval('button, input, select, textarea', (all) =>
      all
        .filter((e) => e.offsetParent !== null)
        .map((e) => [e.id || e.textContent.trim(), Math.round(e.getBoundingClientRect().height)])
        .filter(([, h]) => h < 44),
    );
    assert.deepEqual(small, [], `${tab}: controls under 44 px tall on a phone`);
  }
  await page.setViewportSize({ width: 1100, height: 800 });
});

test('no console errors', () => {
  assert.deepEqual(consoleErrors, []);
});
