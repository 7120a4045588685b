// Positions of a finished or running game for replay, from its start SFEN and its moves in USI; the buttons and
// keys that step through them, and the notation its moves are written in.
//
// This is bookkeeping, not rules: the moves were judged legal by the server, and replaying one only lifts a
// piece from its square or from the hand, puts it down (turned over when the move promotes) and puts a
// captured piece, unpromoted, into the mover's hand. Check marks are not shown while replaying.

import { readSfen, HAND_ORDER } from './board.js';
import { language, t } from './i18n.js';
import { h } from './dom.js';

const RANKS = 'abcdefghi';

function writeSfen(pos, moveNumber) {
  const rows = [];
  for (let r = 0; r < 9; r++) {
    let row = '';
    let empty = 0;
    for (let file = 9; file >= 1; file--) {
      const p = pos.squares.get(`${file}${RANKS[r]}`);
      if (!p) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      const letter = p.role.replace('+', '');
      row += (p.role.startsWith('+') ? '+' : '') + (p.color === 'sente' ? letter : letter.toLowerCase());
    }
    if (empty) row += empty;
    rows.push(row);
  }
  let hand = '';
  for (const color of ['sente', 'gote']) {
    for (const role of HAND_ORDER) {
      const n = pos.hands[color][role] || 0;
      if (n === 0) continue;
      hand += (n > 1 ? n : '') + (color === 'sente' ? role : role.toLowerCase());
    }
  }
  return `${rows.join('/')} ${pos.turn === 'sente' ? 'b' : 'w'} ${hand || '-'} ${moveNumber}`;
}

/**
 * The SFEN after each move: element 0 is the start, element i the position after move i.
 *
 * @param {string} initialSfen
 * @param {string[]} usiMoves
 * @returns {string[]}
 */
export function positions(initialSfen, usiMoves) {
  const pos = readSfen(initialSfen);
  const startNumber = Number(initialSfen.trim().split(/\s+/)[3] || 1);
  const out = [initialSfen];
  usiMoves.forEach((usi, i) => {
    const mover = pos.turn;
    const dest = usi.slice(2, 4);
    let piece;
    if (usi[1] === '*') {
      const role = usi[0];
      pos.hands[mover][role] = (pos.hands[mover][role] || 1) - 1;
      piece = { color: mover, role };
    } else {
      piece = pos.squares.get(usi.slice(0, 2));
      pos.squares.delete(usi.slice(0, 2));
      if (!piece) piece = { color: mover, role: 'P' };
      if (usi.endsWith('+') && !piece.role.startsWith('+')) piece = { ...piece, role: '+' + piece.role };
    }
    const captured = pos.squares.get(dest);
    if (captured) {
      const role = captured.role.replace('+', '');
      pos.hands[mover][role] = (pos.hands[mover][role] || 0) + 1;
    }
    pos.squares.set(dest, piece);
    pos.turn = mover === 'sente' ? 'gote' : 'sente';
    out.push(writeSfen(pos, startNumber + i + 1));
  });
  return out;
}

/**
 * The « ‹ › » buttons of a replay: to the start, one move back, one forward, to the end; a button that would not
 * move is disabled.
 *
 * @param {number} at the ply shown
 * @param {number} last the last ply
 * @param {function(number): void} go shows a ply
 * @returns {HTMLElement}
 */
export function replayNav(at, last, go) {
  const button = (id, title, label, to, disabled) => h('button', { type: 'button', id, title: t(title), disabled, onclick: () => go(to) }, label);
  return h('div', { class: 'replay-nav' },
    button('nav-first', 'first', '«', 0, at === 0), button('nav-prev', 'prev', '‹', at - 1, at === 0),
    button('nav-next', 'next', '›', at + 1, at === last), button('nav-last', 'last', '»', last, at === last));
}

/**
 * Steps through a replay with the arrow keys, as replay programs do: ← → one move, ↑ ↓ to the start and the end.
 * Keys typed into a form field, or with a modifier, are left alone.
 *
 * @param {function(): ({at: number, last: number}|null)} shown the ply shown and the last ply; null while there is nothing to replay
 * @param {function(number): void} go shows a ply
 */
export function replayKeys(shown, go) {
  document.addEventListener('keydown', (e) => {
    const s = shown();
    if (!s || e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    const to = { ArrowLeft: s.at - 1, ArrowRight: s.at + 1, ArrowUp: 0, ArrowDown: s.last }[e.key];
    if (to === undefined || s.last === 0) return;
    e.preventDefault();
    go(Math.max(0, Math.min(s.last, to)));
  });
}

/**
 * Scrolls a move list (not the page) so that a move is in view, by as little as it takes; without a move (the
 * start shown), to the list's top.
 *
 * @param {HTMLElement} list the scrolling list
 * @param {HTMLElement|null} li the move to show
 */
export function keepInView(list, li) {
  if (!li) {
    list.scrollTop = 0;
    return;
  }
  const box = list.getBoundingClientRect();
  const r = li.getBoundingClientRect();
  if (r.top < box.top) list.scrollTop -= box.top - r.top;
  else if (r.bottom > box.bottom) list.scrollTop += r.bottom - box.bottom;
}

const NOTATION_KEY = 'meijin.notation';

/** The notation chosen for moves, 'japanese' or 'western', as remembered; by default Western in English. */
export function savedNotation() {
  return localStorage.getItem(NOTATION_KEY) || (language() === 'en' ? 'western' : 'japanese');
}

/** The choice of notation (日本式, 西洋式), remembered for every page; `change` gets the new one. */
export function notationSelect(value, change) {
  const select = h('select', { id: 'notation', onchange: (e) => { localStorage.setItem(NOTATION_KEY, e.target.value); change(e.target.value); } },
    h('option', { value: 'japanese' }, t('notationJapanese')), h('option', { value: 'western' }, t('notationWestern')));
  select.value = value;
  return select;
}

/** A move as the move lists write it: KIF style in Japanese (▲７六歩(77)), Hodges in Western (P-7f). */
export function moveText(m, mover, notation) {
  return notation === 'western' ? m.western : (mover === 'sente' ? '▲' : '△') + m.kif;
}
