// The Cubic Eight-Puzzle view: a POJ 3131 dataset in, the fewest rolls out, each roll animated
// with the top colours the core reports after it.
import { Player, drawGrid, drawMoves, facts, markMove, target } from './board.js';

const $ = (id) => document.getElementById(id);
const COLOUR = { W: 'white', R: 'red', B: 'blue' };

/** "x y" and nine letters, in any spacing; an error message where the text is not that. */
function readDataset(text) {
  const words = text.trim().split(/\s+/);
  const x = Number(words[0]);
  const y = Number(words[1]);
  if (!Number.isInteger(x) || !Number.isInteger(y)) {
    return { error: "Start with the empty square's x and y (1 to 3), then the nine letters." };
  }
  const letters = words.slice(2).join('').toUpperCase();
  if (letters.length !== 9) {
    return { error: `The pattern has ${letters.length} letters; it takes 9 (three rows of B, W, R or E).` };
  }
  return { x, y, letters };
}

export function startCubeView(core) {
  let solved = null; // {dataset, result, cells: the cube (1-8) on each square after each roll}

  function say(text, kind = '') {
    $('cube-message').textContent = text;
    $('cube-message').className = kind;
  }

  function show(i, slide) {
    const tops = solved.result.tops[i].replaceAll('/', '');
    const pieces = [];
    solved.cells[i].forEach((cube, square) => {
      if (cube !== 0) pieces.push({ key: cube, cell: square, text: tops[square], className: 'cube-top ' + COLOUR[tops[square]] });
    });
    drawGrid($('cube-board'), 3, 3, pieces, null, slide);
    markMove($('cube-moves'), i);
    const n = solved.result.length;
    $('cube-step').textContent = `Roll ${i} of ${n}: ${n - i} to go (proven)`;
  }

  const player = new Player({ back: $('cube-back'), play: $('cube-play'), forward: $('cube-forward') }, null, show);

  async function solve() {
    const d = readDataset($('cube-text').value);
    if (d.error) return say(d.error, 'error');
    say('Solving...');
    $('cube-solve').disabled = true;
    const result = await core.call('cubeSolve', d.x, d.y, d.letters, 30);
    $('cube-solve').disabled = false;
    if (result.stopped) return say('Stopped.');
    if (result.error) return say(result.error, 'error');
    if (!result.solved) {
      $('cube-player').hidden = true;
      return say(`No roll sequence found (${result.status}); none is shorter than ${result.lowerBound} rolls.`, 'error');
    }
    // Cubes keep their identity as they roll, so each slides from its square to the empty one.
    let cells = [1, 2, 3, 4, 5, 6, 7, 8];
    cells.splice((d.y - 1) * 3 + (d.x - 1), 0, 0);
    const all = [cells];
    for (const letter of result.moves) {
      const empty = cells.indexOf(0);
      const to = target(empty, letter, 3, 3);
      cells = cells.slice();
      cells[empty] = cells[to];
      cells[to] = 0;
      all.push(cells);
    }
    solved = { dataset: d, result, cells: all };
    facts($('cube-facts'), [
      ['Distance', `${result.length} rolls (the fewest, proven)`],
      ['POJ 3131 answer', result.length <= 30 ? String(result.length) : '-1 (more than 30)'],
      ['Search', `${result.stats.expanded.toLocaleString()} nodes in ${(result.stats.seconds * 1000).toFixed(1)} ms`],
      ['Target', d.letters.match(/.../g).join(' / ')],
    ]);
    drawMoves($('cube-moves'), result.moves);
    $('cube-player').hidden = false;
    player.load(result.length);
    say(`Solved: ${result.length} rolls.`);
  }

  $('cube-solve').addEventListener('click', solve);
}
