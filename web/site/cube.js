// The Cubic Eight-Puzzle view: the eight cubes drawn in 3D (CSS transforms), the start's empty
// square and the target's top colours set by clicking (or as POJ 3131 text), the fewest rolls
// found by the core, and each roll animated as the cube tips over its edge.
import { Player, TIME_LIMIT_SECONDS, drawMoves, facts, markMove, target } from './board.js';

const $ = (id) => document.getElementById(id);
const COLOUR = { W: 'white', R: 'red', B: 'blue' };
const NAME = { W: 'White', R: 'Red', B: 'Blue', E: 'the empty square' };
/** A target square's letters in the order a click goes through them. */
const CYCLE = 'WRBE';
/** Every cube's colours on its top, front and right axes before any roll, as the puzzle sets
 * them (the core's format_faces writes the same three letters after each roll). */
const STANDARD = 'WRB';
/** Where the faces of a cube lie, as the axis (0 top, 1 front, 2 right) whose colour they show. */
const FACES = [['top', 0], ['bottom', 0], ['front', 1], ['back', 1], ['right', 2], ['left', 2]];
/** How a cube tips over to the next square, by [column step, row step]: the edge it turns
 * about, and the turn (with the gap between squares crossed on the way). */
const ROLL = {
  '0,1': ['50% 100% 0', 'translateY(var(--gap)) rotateX(-90deg)'], // to the front (down the page)
  '0,-1': ['50% 0 0', 'translateY(calc(-1 * var(--gap))) rotateX(90deg)'],
  '1,0': ['100% 50% 0', 'translateX(var(--gap)) rotateY(90deg)'], // to the right
  '-1,0': ['0 50% 0', 'translateX(calc(-1 * var(--gap))) rotateY(-90deg)'],
};
const ROLL_MS = 220;

/** "x y" and nine letters, in any spacing; an error message where the text is not that. */
function readDataset(text) {
  const words = text.trim().split(/\s+/);
  const x = Number(words[0]);
  const y = Number(words[1]);
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 1 || x > 3 || y < 1 || y > 3) {
    return { error: "Start with the empty square's x and y (1 to 3), then the nine letters." };
  }
  const letters = words.slice(2).join('').toUpperCase();
  if (letters.length !== 9) {
    return { error: `The target has ${letters.length} letters; it takes 9 (three rows of B, W, R or E).` };
  }
  return { x, y, letters };
}

const datasetText = (d) => `${d.x} ${d.y}\n${d.letters.match(/.../g).join('\n').replace(/\B/g, ' ')}`;

/** One cube: six faces, each painted with the colour of its axis. */
function makeCube(key) {
  const cube = document.createElement('div');
  cube.className = 'cube3d';
  cube.dataset.key = key;
  for (const [side] of FACES) {
    const face = document.createElement('div');
    face.className = `face ${side}`;
    cube.appendChild(face);
  }
  return cube;
}

function paint(cube, faces, square) {
  cube.dataset.faces = faces;
  cube.dataset.cell = square;
  cube.style.setProperty('--r', Math.floor(square / 3));
  cube.style.setProperty('--c', square % 3);
  cube.setAttribute('aria-label', `cube ${cube.dataset.key}: ${NAME[faces[0]]} on top, ${NAME[faces[1]]} at the front, ${NAME[faces[2]]} at the right`);
  [...cube.children].forEach((face, i) => {
    const letter = faces[FACES[i][1]];
    face.className = `face ${FACES[i][0]} ${COLOUR[letter]}`;
    face.textContent = FACES[i][0] === 'top' ? letter : '';
  });
}

export function startCubeView(core) {
  const board = $('cube-board');
  let dataset = readDataset($('cube-text').value);
  let solved = null; // {cells: the cube (1-8) on each square after each roll, faces: the core's}
  const rolling = new Set(); // how to land each roll under way at once

  function say(text, kind = '') {
    $('cube-message').textContent = text;
    $('cube-message').className = kind;
  }

  /** The floor: nine squares, each a button that puts the start's empty square there. */
  for (let square = 0; square < 9; square++) {
    const b = document.createElement('button');
    b.className = 'square';
    b.style.setProperty('--r', Math.floor(square / 3));
    b.style.setProperty('--c', square % 3);
    b.setAttribute('aria-label', `Start with the empty square at x ${(square % 3) + 1}, y ${Math.floor(square / 3) + 1}`);
    b.addEventListener('click', () => setDataset({ ...dataset, x: (square % 3) + 1, y: Math.floor(square / 3) + 1 }));
    board.appendChild(b);
  }
  const cubes = new Map();
  for (let key = 1; key <= 8; key++) {
    cubes.set(key, makeCube(key));
    board.appendChild(cubes.get(key));
  }

  /** Puts every cube where step `cells` has it, with `faces` (nine words); the cube that moved
   * one square from `before` tips over into its place. */
  function drawCubes(cells, faces, before = null) {
    for (const finish of [...rolling]) finish();
    cells.forEach((key, square) => {
      if (key === 0) return;
      const cube = cubes.get(key);
      const from = before ? before.indexOf(key) : square;
      const step = `${(square % 3) - (from % 3)},${Math.floor(square / 3) - Math.floor(from / 3)}`;
      cube.style.transition = 'none';
      cube.style.transform = '';
      if (from === square || !ROLL[step]) return paint(cube, faces[square], square);
      void cube.offsetWidth; // the position before the roll takes effect first
      [cube.style.transformOrigin, cube.style.transform] = ROLL[step];
      cube.style.transition = `transform ${ROLL_MS}ms ease-in`;
      const land = () => {
        cube.style.transition = 'none';
        cube.style.transform = '';
        paint(cube, faces[square], square);
      };
      const finish = () => {
        clearTimeout(timer);
        rolling.delete(finish);
        land();
      };
      const timer = setTimeout(finish, ROLL_MS);
      rolling.add(finish);
    });
  }

  function drawStart() {
    const empty = (dataset.y - 1) * 3 + (dataset.x - 1);
    const cells = [1, 2, 3, 4, 5, 6, 7, 8];
    cells.splice(empty, 0, 0);
    drawCubes(cells, cells.map(() => STANDARD));
  }

  /** The target: nine buttons whose clicks go round White, Red, Blue and the empty square. */
  function drawTarget() {
    const grid = $('cube-target');
    grid.replaceChildren(
      ...[...dataset.letters].map((letter, square) => {
        const b = document.createElement('button');
        b.className = `target-square ${COLOUR[letter] || 'empty'}`;
        b.textContent = letter;
        const next = CYCLE[(CYCLE.indexOf(letter) + 1) % CYCLE.length];
        b.setAttribute('aria-label', `Target at x ${(square % 3) + 1}, y ${Math.floor(square / 3) + 1}: ${NAME[letter]} (click for ${NAME[next]})`);
        b.addEventListener('click', () => {
          const letters = [...dataset.letters];
          letters[square] = next;
          setDataset({ ...dataset, letters: letters.join('') });
          grid.children[square].focus();
        });
        return b;
      }),
    );
  }

  /** A new start or target: what was solved before no longer applies. */
  function setDataset(d, fromText = false) {
    dataset = d;
    solved = null;
    player.pause();
    $('cube-player').hidden = true;
    facts($('cube-facts'), []);
    if (!fromText) $('cube-text').value = datasetText(d);
    drawStart();
    drawTarget();
    say('');
  }

  function show(i, slide) {
    drawCubes(solved.cells[i], solved.faces[i], slide ? solved.cells[player.from] : null);
    markMove($('cube-moves'), i);
    const n = solved.cells.length - 1;
    $('cube-step').textContent = `Roll ${i} of ${n}: ${n - i} to go (proven)`;
  }

  const player = new Player(
    { first: $('cube-first'), back: $('cube-back'), play: $('cube-play'), forward: $('cube-forward'), last: $('cube-last') },
    null,
    (i, slide) => show(i, slide),
  );

  async function solve() {
    const d = readDataset($('cube-text').value);
    if (d.error) return say(d.error, 'error');
    setDataset(d, true);
    say('Solving...');
    $('cube-solve').disabled = true;
    const result = await core.call('cubeSolve', d.x, d.y, d.letters, TIME_LIMIT_SECONDS);
    $('cube-solve').disabled = false;
    if (dataset !== d) return undefined; // the start or target changed meanwhile
    if (result.stopped) return say('Stopped.');
    if (result.error) return say(result.error, 'error');
    if (!result.solved) {
      return say(`No roll sequence found (${result.status}); none is shorter than ${result.lowerBound} rolls.`, 'error');
    }
    // Cubes keep their identity as they roll: each step swaps one with the empty square.
    const cells = [[1, 2, 3, 4, 5, 6, 7, 8]];
    cells[0].splice((d.y - 1) * 3 + (d.x - 1), 0, 0);
    for (const letter of result.moves) {
      const next = cells.at(-1).slice();
      const empty = next.indexOf(0);
      const to = target(empty, letter, 3, 3);
      [next[empty], next[to]] = [next[to], 0];
      cells.push(next);
    }
    solved = { cells, faces: result.faces.map((f) => f.split(' ')) };
    facts($('cube-facts'), [
      ['Distance', `${result.length} rolls (the fewest, proven)`],
      ['POJ 3131 answer', result.length <= 30 ? String(result.length) : '-1 (more than 30)'],
      ['Search', `${result.stats.expanded.toLocaleString()} nodes in ${(result.stats.seconds * 1000).toFixed(1)} ms`],
    ]);
    drawMoves($('cube-moves'), result.moves);
    $('cube-player').hidden = false;
    player.load(result.length);
    return say(`Solved: ${result.length} rolls.`);
  }

  $('cube-solve').addEventListener('click', solve);
  $('cube-text').addEventListener('input', () => {
    const d = readDataset($('cube-text').value);
    if (!d.error) setDataset(d, true);
  });
  setDataset(dataset);
}
