// The sliding-tile view: a board to enter, shuffle or play by hand, solved in the worker and
// stepped through move by move. The address holds the board, so a link shares it.
import { ARROW, Core, Player, TIME_LIMIT_SECONDS, drawGrid, drawMoves, facts, letterBetween, markMove, moved } from './board.js';
import { startCubeView } from './cube.js';

const $ = (id) => document.getElementById(id);

/** The solver's notes in the page's words: no file paths, and no advice to build what only the
 * command line builds (the page builds the light tables itself, and keeps them). */
function pageNote(note) {
  const ready = note.match(/the (\S+) set is ready/);
  if (ready) return `The ${ready[1]} tables are built and kept in this browser.`;
  if (/^pattern databases: building /.test(note)) {
    return 'Building the tables for this size, once (this browser keeps them)...';
  }
  return note.replace(/\/tables\/\S+/g, 'a stored table');
}

const core = new Core((note) => say(pageNote(note)));
const state = { rows: 3, cols: 3, goal: 'blank-last', tiles: [], solution: null, boards: [] };
/** Play by hand: the moves made since the board was loaded, and those taken back (to redo). */
const hand = { moves: [], undone: [] };
const REVERSE = { u: 'd', d: 'u', l: 'r', r: 'l' };

/** The status line; `about` names what it speaks of where that can go stale (a hint speaks of
 * the board shown when it was asked for). */
function say(text, kind = '', about = '') {
  $('message').textContent = text;
  $('message').className = kind;
  $('message').dataset.about = about;
}

const sizeName = () => `${state.rows}x${state.cols}`;
const boardText = (tiles) => tiles.join(' ');

/** While the worker runs a call, the searches wait; boards may still be changed (the last
 * board asked for wins, and an answer about a board no longer shown is dropped). */
function busy(running) {
  state.running = running;
  for (const id of ['solve', 'hint']) $(id).disabled = running || setup.on;
  $('stop').disabled = !running;
}

/** Runs a core call with the buttons locked, the seconds counted on the page while it runs;
 * undefined where it was stopped or failed. */
async function run(op, ...args) {
  busy(true);
  const began = Date.now();
  const waiting = $('message').textContent;
  const clock = setInterval(() => say(`${waiting} ${Math.round((Date.now() - began) / 1000)} s (Stop ends it)`), 1000);
  const result = await core.call(op, ...args);
  clearInterval(clock);
  busy(false);
  if (result.stopped) {
    if (!setup.on) say('Stopped.');
    return undefined;
  }
  if (result.error) {
    say((result.input ? '' : 'Internal error: ') + result.error, 'error');
    return undefined;
  }
  return result;
}

/** The board on the page: the one entered, or the step of its solution being shown. */
const shownBoard = () => (state.solution ? state.boards[player.at] : state.tiles);

function draw(tiles, slide = false) {
  const pieces = tiles.map((t, cell) => ({
    key: t,
    cell,
    text: t === 0 ? '' : String(t),
    className: t === 0 ? 'blank' : 'tile',
  }));
  drawGrid($('board'), state.rows, state.cols, pieces, (cell) => {
    const letter = letterBetween(shownBoard().indexOf(0), cell, state.rows, state.cols);
    if (letter) move(letter);
  }, slide);
}

function writeAddress() {
  const params = new URLSearchParams({ size: sizeName(), goal: state.goal, board: state.tiles.join(',') });
  history.replaceState(null, '', '#' + params.toString());
}

/** Shows a new board: no solution yet, what parity and the bounds say. */
async function setBoard(board, slide = false) {
  state.rows = board.rows;
  state.cols = board.cols;
  // Not into a field someone is typing in (its own change event follows).
  for (const [id, value] of [['rows', board.rows], ['cols', board.cols]]) {
    if (document.activeElement !== $(id)) $(id).value = value;
  }
  state.tiles = board.tiles;
  state.solution = null;
  player.pause();
  $('player').hidden = true;
  draw(state.tiles, slide);
  writeAddress();
  say('');
  const check = await core.call('check', boardText(state.tiles), sizeName(), state.goal);
  if (check.error) return say(check.error, 'error');
  facts($('facts'), [
    ['Solvable', check.solvable ? 'yes' : 'no: the goal cannot be reached (parity)'],
    ['At least', `${check.conflict} moves (Manhattan ${check.manhattan}, with linear conflicts ${check.conflict})`],
  ]);
  $('board').classList.toggle('solved', check.atGoal && hand.moves.length > 0);
  if (!check.atGoal) return;
  const n = hand.moves.length;
  say(n > 0 ? `Solved by hand in ${n} move${n === 1 ? '' : 's'}.` : 'Solved: this is the goal.');
}

function showHand() {
  const n = hand.moves.length;
  $('hand-count').textContent = `${n} move${n === 1 ? '' : 's'} by hand`;
  $('undo').disabled = n === 0;
  $('redo').disabled = hand.undone.length === 0;
}

let boardRequests = 0;

/** Shows the board `pending` resolves to, unless another board was asked for meanwhile (size
 * fields changed twice, say): the last request wins. */
async function loadBoard(pending) {
  endSetup();
  const ticket = ++boardRequests;
  const board = await pending;
  if (ticket !== boardRequests || !board) return;
  if (board.error) return say(board.error, 'error');
  hand.moves = [];
  hand.undone = [];
  showHand();
  await setBoard(board);
}

const loadGoal = () => loadBoard(run('goal', sizeName(), state.goal));

/** Reads any form the CLI reads; a flat list of as many tiles as the size shown takes that size
 * (a flat list is read as square otherwise). */
async function loadText(text) {
  const flat = !/[[/]/.test(text);
  const count = text.trim().split(/[\s,]+/).filter(Boolean).length;
  const square = Number.isInteger(Math.sqrt(count));
  // Too few or too many for the size shown, and no square either: said against the size shown.
  const size = flat && (count === state.rows * state.cols || !square) ? sizeName() : '';
  const board = await core.call('board', text, size);
  if (board.error && size) board.error += ' (set Rows and Columns to the size you mean first)';
  await loadBoard(board);
}

/** Set-up: the cells clicked in turn take tiles 1, 2, 3 and on; the last cell left takes the
 * blank, and the board is loaded (and checked) as if typed. */
const setup = { on: false, cells: [] };

function drawSetup() {
  const n = state.rows * state.cols;
  const pieces = Array.from({ length: n }, (_, cell) => {
    const tile = setup.cells.indexOf(cell) + 1;
    const label = tile ? `tile ${tile}` : `put tile ${setup.cells.length + 1} here`;
    return { key: `set-${cell}`, cell, text: tile ? String(tile) : '', className: tile ? 'tile' : 'slot', label };
  });
  drawGrid($('board'), state.rows, state.cols, pieces, placeTile);
  const next = setup.cells.length + 1;
  say(`Set-up: click the cell for tile ${next} of ${n - 1} (click the last tile placed to take it back).`);
}

function placeTile(cell) {
  const at = setup.cells.indexOf(cell);
  if (at >= 0 && at !== setup.cells.length - 1) return;
  if (at >= 0) setup.cells.pop();
  else setup.cells.push(cell);
  const n = state.rows * state.cols;
  if (setup.cells.length < n - 1) return drawSetup();
  const tiles = new Array(n).fill(0);
  setup.cells.forEach((c, i) => (tiles[c] = i + 1));
  return loadBoard(core.call('board', boardText(tiles), sizeName()));
}

function startSetup() {
  if (state.running) core.stop();
  setup.on = true;
  setup.cells = [];
  state.solution = null;
  player.pause();
  $('player').hidden = true;
  $('board').classList.remove('solved');
  facts($('facts'), []);
  for (const id of ['solve', 'hint']) $(id).disabled = true;
  $('setup').textContent = 'Cancel set-up';
  $('setup').setAttribute('aria-pressed', 'true');
  drawSetup();
}

/** Leaves set-up; `restore` draws the board there was before it. */
function endSetup(restore = false) {
  if (!setup.on) return;
  setup.on = false;
  busy(state.running);
  $('setup').textContent = 'Set up';
  $('setup').setAttribute('aria-pressed', 'false');
  if (restore) {
    draw(state.tiles);
    say('');
  }
}

/** Moves the blank on the board shown: a move by hand (`by` 'hand'), or one taken back or made
 * again ('undo', 'redo'). */
function move(letter, by = 'hand') {
  if (setup.on) return;
  const next = moved(shownBoard(), letter, state.rows, state.cols);
  if (!next) return;
  boardRequests++;  // a board asked for before this move is no longer wanted
  if (by === 'hand') {
    hand.moves.push(letter);
    hand.undone = [];
  } else if (by === 'redo') {
    hand.moves.push(letter);
  }
  showHand();
  setBoard({ rows: state.rows, cols: state.cols, tiles: next }, true);
}

function undo() {
  if (hand.moves.length === 0) return;
  const letter = hand.moves.pop();
  hand.undone.push(letter);
  move(REVERSE[letter], 'undo');
}

function redo() {
  if (hand.undone.length === 0) return;
  move(hand.undone.pop(), 'redo');
}

async function solve() {
  say('Solving...');
  const start = state.tiles;
  const s = await run('solve', boardText(start), sizeName(), state.goal, TIME_LIMIT_SECONDS);
  if (!s || state.tiles !== start) return;
  if (!s.solvable) return say('This board cannot reach the goal: the parity of the tiles and the blank says so.', 'error');
  if (!s.solved) return say(`No solution within the time limit (${s.status}); none is shorter than ${s.lowerBound} moves.`, 'error');
  state.solution = s;
  state.boards = [start];
  for (const letter of s.moves) state.boards.push(moved(state.boards.at(-1), letter, state.rows, state.cols));
  const verify = await core.call('verify', boardText(start), sizeName(), state.goal, s.moves);
  facts($('facts'), [
    ['Length', `${s.length} moves`],
    ['Shortest', s.optimal ? 'yes, proven' : `not proven; none is shorter than ${s.lowerBound}`],
    ['Method', [s.algorithm, s.heuristic, s.tables].filter(Boolean).join(', ')],
    ['Search', `${s.stats.expanded.toLocaleString()} nodes in ${(s.stats.seconds * 1000).toFixed(1)} ms`],
    ['Replayed', verify.reachesGoal ? 'reaches the goal' : 'does NOT reach the goal'],
  ]);
  drawMoves($('moves-blank'), s.moves);
  drawMoves($('moves-tile'), s.tileMoves);
  $('player').hidden = false;
  player.load(s.length);
  say(s.optimal ? `Solved: ${s.length} moves, the fewest possible.` : `Solved: ${s.length} moves (not proven shortest).`);
}

/** The position after i moves of the solution, with moves done and left. */
async function showStep(i, slide) {
  const s = state.solution;
  if (!s) return;
  draw(state.boards[i], slide);
  markMove($('moves-blank'), i);
  markMove($('moves-tile'), i);
  // A hint was about the board it was asked on, not this one.
  if ($('message').dataset.about === 'hint') say('');
  const left = s.length - i;
  let distance = `distance ${left} (proven)`;
  if (left === 0) {
    distance = 'the goal';
  } else if (!s.optimal) {
    // The solve's bound holds for the start, and i moves on it can be at most i nearer; the
    // board's own bound may say more.
    const check = await core.call('check', boardText(state.boards[i]), sizeName(), state.goal);
    distance = `at least ${Math.max(check.conflict, s.lowerBound - i)} to go (lower bound)`;
  }
  $('step').textContent = `Move ${i} of ${s.length}: ${left} left, ${distance}`;
}

async function hint() {
  const start = state.tiles;
  const step = state.solution ? player.at : 0;
  const h = await run('hint', boardText(shownBoard()), sizeName(), state.goal, TIME_LIMIT_SECONDS);
  if (!h || state.tiles !== start || (state.solution && player.at !== step)) return;
  if (!h.solved) return say(h.status === 'unsolvable' ? 'This board cannot reach the goal.' : `No hint within the time limit (${h.status}).`, 'error');
  if (!h.next) return say('Solved: this is the goal.');
  const words = { u: 'up', d: 'down', l: 'left', r: 'right' };
  say(`Hint: move the blank ${words[h.next]} (${h.next}); ${h.distance} moves to go${h.optimal ? '' : ' (not proven shortest)'}.`, '', 'hint');
}

const player = new Player(
  { first: $('first'), back: $('back'), play: $('play'), forward: $('forward'), last: $('last') },
  $('speed'),
  (i, slide) => showStep(i, slide),
);

/** The board in the address (#size=3x3&goal=blank-last&board=1,2,...), if any. */
async function readAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  const goal = params.get('goal');
  if (goal === 'blank-last' || goal === 'blank-first') {
    state.goal = goal;
    $('goal').value = goal;
  }
  const size = params.get('size') || '';
  const board = params.get('board');
  const [rows, cols] = size.split('x').map(Number);
  if (rows >= 2 && rows <= 10 && cols >= 2 && cols <= 10) {
    state.rows = rows;
    state.cols = cols;
  }
  if (board) {
    const ticket = ++boardRequests;
    const b = await core.call('board', board, size);
    if (ticket !== boardRequests) return undefined;
    if (!b.error) return loadBoard(b);
    // The goal instead, so that the board, the fields and the facts agree; then why.
    await loadGoal();
    return say(`The link's board is not valid: ${b.error}`, 'error');
  }
  return loadGoal();
}

function sizeChanged() {
  const rows = Number($('rows').value);
  const cols = Number($('cols').value);
  if (!(rows >= 2 && rows <= 10 && cols >= 2 && cols <= 10)) {
    return say('Rows and columns are 2 to 10 here (the command line takes any size).', 'error');
  }
  state.rows = rows;
  state.cols = cols;
  loadGoal();
}

$('rows').addEventListener('change', sizeChanged);
$('cols').addEventListener('change', sizeChanged);
$('goal').addEventListener('change', () => {
  state.goal = $('goal').value;
  setBoard({ rows: state.rows, cols: state.cols, tiles: state.tiles });
});
$('reset').addEventListener('click', loadGoal);
$('setup').addEventListener('click', () => (setup.on ? endSetup(true) : startSetup()));
// A new board replaces the work on the old one: a search that runs is stopped first.
$('shuffle').addEventListener('click', () => {
  if (state.running) core.stop();
  loadBoard(run('random', sizeName(), state.goal, Math.floor(Math.random() * 2 ** 32)));
});
$('load').addEventListener('click', () => loadText($('board-text').value));
$('board-text').addEventListener('keydown', (e) => e.key === 'Enter' && loadText($('board-text').value));
$('solve').addEventListener('click', solve);
$('hint').addEventListener('click', hint);
$('stop').addEventListener('click', () => core.stop());
window.addEventListener('hashchange', readAddress);
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
document.addEventListener('keydown', (e) => {
  if (e.target.closest('input, textarea, select') || $('tiles-view').hidden) return;
  const key = e.key.toLowerCase();
  if ((e.ctrlKey || e.metaKey) && (key === 'z' || key === 'y')) {
    e.preventDefault();
    if (key === 'y' || e.shiftKey) redo();
    else undo();
    return;
  }
  if (!ARROW[e.key]) return;
  e.preventDefault();
  move(ARROW[e.key]);
});

function showTab(cube) {
  $('tiles-view').hidden = cube;
  $('cube-view').hidden = !cube;
  $('tab-tiles').setAttribute('aria-selected', String(!cube));
  $('tab-cube').setAttribute('aria-selected', String(cube));
}
$('tab-tiles').addEventListener('click', () => showTab(false));
$('tab-cube').addEventListener('click', () => showTab(true));

/** The board drawn at once by the page itself, while the core loads: the one the address holds,
 * else the goal of the size it names (3x3 by default), as the core would give it. The core then
 * reads the address as usual, and checks the board. */
function drawFirst() {
  const params = new URLSearchParams(location.hash.slice(1));
  const [rows, cols] = (params.get('size') || '').split('x').map(Number);
  if (rows >= 2 && rows <= 10 && cols >= 2 && cols <= 10) {
    state.rows = rows;
    state.cols = cols;
  }
  $('rows').value = state.rows;
  $('cols').value = state.cols;
  const n = state.rows * state.cols;
  const listed = (params.get('board') || '').split(',').map(Number);
  const goal = Array.from({ length: n }, (_, i) => (params.get('goal') === 'blank-first' ? i : (i + 1) % n));
  draw(listed.length === n && listed.every((t) => Number.isInteger(t) && t >= 0) ? listed : goal);
}

/** What needs the core waits for it, and says so. */
const NEEDS_CORE = ['solve', 'hint', 'shuffle', 'load', 'setup', 'cube-solve'];
for (const id of NEEDS_CORE) $(id).disabled = true;
say('Loading the solver…');
drawFirst();
startCubeView(core);
core.ready.then(() => {
  for (const id of NEEDS_CORE) $(id).disabled = false;
  document.body.dataset.solver = 'ready';
  return readAddress();
});
