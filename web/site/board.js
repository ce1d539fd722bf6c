// What both views share: the worker that runs the core, moves of the blank, a grid whose pieces
// slide, and a player that steps through a move list.

/** Where the page stops a search (the worker's searches run within this budget). */
export const TIME_LIMIT_SECONDS = 30;
for (const cap of document.querySelectorAll('.time-cap')) cap.textContent = `A search stops after ${TIME_LIMIT_SECONDS} s.`;

/** The WebAssembly core in a worker: call(op, ...args) resolves to the core's answer. */
export class Core {
  constructor(onNote) {
    this.onNote = onNote;
    this.pending = new Map();
    this.nextId = 1;
    /** Settles once the core has loaded (the first time: a Stop restarts a loaded core). */
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    this.start();
  }

  start() {
    this.worker = new Worker('worker.js');
    this.worker.onmessage = (event) => {
      if (event.data.ready) {
        this.markReady();
        return;
      }
      if (event.data.note !== undefined) {
        this.onNote(event.data.note);
        return;
      }
      const resolve = this.pending.get(event.data.id);
      this.pending.delete(event.data.id);
      if (resolve) resolve(event.data.result);
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.settleAll({ error: 'the solver could not start: ' + event.message, input: false });
    };
  }

  call(op, ...args) {
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, op, args });
    });
  }

  /** Ends what runs now by replacing the worker; tables already stored stay stored. */
  stop() {
    this.worker.terminate();
    this.settleAll({ stopped: true });
    this.start();
  }

  settleAll(result) {
    for (const resolve of this.pending.values()) resolve(result);
    this.pending.clear();
  }
}

/** Where the blank goes for each letter of the blank notation: [row step, column step]. */
export const STEP = { u: [-1, 0], d: [1, 0], l: [0, -1], r: [0, 1] };

/** The arrow keys move the blank the way they point. */
export const ARROW = { ArrowUp: 'u', ArrowDown: 'd', ArrowLeft: 'l', ArrowRight: 'r' };

/** The cell the blank moves to from `from` by `letter` on a rows x cols grid, or -1 off it. */
export function target(from, letter, rows, cols) {
  const [dr, dc] = STEP[letter];
  const r = Math.floor(from / cols) + dr;
  const c = (from % cols) + dc;
  return r < 0 || r >= rows || c < 0 || c >= cols ? -1 : r * cols + c;
}

/** The tiles after the blank (0) goes `letter`, or null where that leaves the board. */
export function moved(tiles, letter, rows, cols) {
  const blank = tiles.indexOf(0);
  const to = target(blank, letter, rows, cols);
  if (to < 0) return null;
  const next = tiles.slice();
  next[blank] = next[to];
  next[to] = 0;
  return next;
}

/** The letter that moves the blank from `from` to the neighbouring `to`, or null. */
export function letterBetween(from, to, rows, cols) {
  return Object.keys(STEP).find((l) => target(from, l, rows, cols) === to) ?? null;
}

/**
 * Draws pieces on a rows x cols grid: `pieces` is a list of {key, cell, text, className, and a
 * label where the text says too little}. A piece keeps its element from one drawing to the next,
 * so one move slides it (CSS transition); with `slide` false (a jump of many moves, a new board)
 * the pieces are simply put in place.
 */
export function drawGrid(container, rows, cols, pieces, onClick, slide = false) {
  container.classList.toggle('instant', !slide);
  container.style.setProperty('--rows', rows);
  container.style.setProperty('--cols', cols);
  const keep = new Set();
  for (const piece of pieces) {
    let el = container.querySelector(`[data-key="${piece.key}"]`);
    if (!el) {
      el = document.createElement('button');
      el.dataset.key = piece.key;
      el.addEventListener('click', () => onClick && onClick(Number(el.dataset.cell)));
      container.appendChild(el);
    }
    el.dataset.cell = piece.cell;
    el.className = 'piece ' + (piece.className || '');
    el.textContent = piece.text;
    if (piece.label) el.setAttribute('aria-label', piece.label);
    else el.removeAttribute('aria-label');
    el.style.setProperty('--r', Math.floor(piece.cell / cols));
    el.style.setProperty('--c', piece.cell % cols);
    keep.add(el);
  }
  for (const el of [...container.children]) if (!keep.has(el)) el.remove();
}

/** Steps through `length` moves: show(i, slide) draws the position after i moves, sliding the
 * pieces where it is one move from the position shown before (`from`). */
export class Player {
  constructor(buttons, speed, show) {
    this.buttons = buttons;
    this.speed = speed;
    this.show = show;
    this.length = 0;
    this.at = 0;
    this.from = 0;
    this.timer = null;
    const on = (button, action) => button && button.addEventListener('click', action);
    on(buttons.first, () => this.go(0));
    on(buttons.back, () => this.go(this.at - 1));
    on(buttons.forward, () => this.go(this.at + 1));
    on(buttons.last, () => this.go(this.length));
    on(buttons.play, () => (this.timer ? this.pause() : this.play()));
  }

  load(length) {
    this.pause();
    this.length = length;
    this.at = 0;
    this.from = 0;
    this.show(0, false);
  }

  go(i) {
    if (i !== this.at) this.pause();
    this.from = this.at;
    this.at = Math.max(0, Math.min(this.length, i));
    this.show(this.at, Math.abs(this.at - this.from) === 1);
  }

  play() {
    if (this.at >= this.length) this.at = 0;
    const tick = () => {
      if (this.at >= this.length) return this.pause();
      this.from = this.at;
      this.at += 1;
      this.show(this.at, true);
      this.timer = setTimeout(tick, 1000 / Number(this.speed ? this.speed.value : 4));
    };
    this.buttons.play.textContent = 'Pause';
    this.timer = setTimeout(tick, 0);
  }

  pause() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.buttons.play) this.buttons.play.textContent = 'Play';
  }
}

/** Fills a <dl> with [term, value] pairs. */
export function facts(dl, pairs) {
  dl.replaceChildren();
  for (const [term, value] of pairs) {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = value;
    dl.append(dt, dd);
  }
}

/** A move string as one span per letter, so the player can mark the current one. */
export function drawMoves(container, letters) {
  container.replaceChildren(
    ...[...letters].map((letter) => {
      const span = document.createElement('span');
      span.textContent = letter;
      return span;
    }),
  );
}

export function markMove(container, i) {
  [...container.children].forEach((span, k) => span.classList.toggle('current', k === i - 1));
}
