// Premoves: a move chosen while the opponent is thinking, played as soon as the turn comes if it is legal
// then. This module only proposes the squares a piece could go to; the rules are the server's, and a premove
// is checked against the destinations the server sends with the new position before it is played.

import { readSfen } from './board.js';

const RANKS = 'abcdefghi';

// Steps as [file delta, forward delta]; "forward" is towards the opponent's side.
const GOLD = [[0, 1], [1, 1], [-1, 1], [1, 0], [-1, 0], [0, -1]];
const KING = [[0, 1], [1, 1], [-1, 1], [1, 0], [-1, 0], [0, -1], [1, -1], [-1, -1]];
const STEPS = {
  P: [[0, 1]],
  N: [[1, 2], [-1, 2]],
  S: [[0, 1], [1, 1], [-1, 1], [1, -1], [-1, -1]],
  G: GOLD, '+P': GOLD, '+L': GOLD, '+N': GOLD, '+S': GOLD,
  K: KING,
  '+B': [[0, 1], [1, 0], [-1, 0], [0, -1]],
  '+R': [[1, 1], [-1, 1], [1, -1], [-1, -1]],
};
const DIAGONALS = [[1, 1], [-1, 1], [1, -1], [-1, -1]];
const ORTHOGONALS = [[0, 1], [1, 0], [-1, 0], [0, -1]];
const SLIDES = { L: [[0, 1]], B: DIAGONALS, '+B': DIAGONALS, R: ORTHOGONALS, '+R': ORTHOGONALS };
const PROMOTABLE = new Set(['P', 'L', 'N', 'S', 'B', 'R']);

/** The rank (1–9, counted from sente's far side, a = 1) of a square such as '7g'. */
function rankOf(sq) {
  return RANKS.indexOf(sq[1]) + 1;
}

/** How far a rank is from the player's own back rank: 1 for the far side's last rank … 9 for its own. */
function depth(rank, color) {
  return color === 'sente' ? rank : 10 - rank;
}

/** The promotion choice of a move as the server would give it: 'none', 'optional' or 'forced'. */
export function promotionChoice(role, orig, dest, color) {
  if (!PROMOTABLE.has(role)) return 'none';
  const to = depth(rankOf(dest), color);
  const from = depth(rankOf(orig), color);
  if (to > 3 && from > 3) return 'none';
  if ((role === 'P' || role === 'L') && to === 1) return 'forced';
  if (role === 'N' && to <= 2) return 'forced';
  return 'optional';
}

/**
 * The premove destinations of {@code color} in the position {@code sfen}, in the board's form: each piece's
 * reach as if the opponent's pieces might all move away (a slide passes through them, stops before one's own
 * piece), the promotion choice of each, and the drops on every square not held by one's own piece (dead
 * squares and files with one's own pawn left out).
 *
 * @returns {{dests: Object<string,string[]>, promotions: Object<string,string>, dropDests: Object<string,string[]>}}
 */
export function premoveDests(sfen, color) {
  const position = readSfen(sfen);
  const own = (sq) => { const p = position.squares.get(sq); return !!p && p.color === color; };
  const forward = color === 'sente' ? -1 : 1; // sente moves towards rank a
  const fileStep = color === 'sente' ? 1 : -1;
  const dests = {};
  const promotions = {};
  for (const [orig, piece] of position.squares) {
    if (piece.color !== color) continue;
    const file = Number(orig[0]);
    const rank = rankOf(orig);
    const targets = [];
    const add = (f, r) => {
      const sq = `${f}${RANKS[r - 1]}`;
      targets.push(sq);
      const choice = promotionChoice(piece.role, orig, sq, color);
      if (choice !== 'none') promotions[orig + sq] = choice;
    };
    for (const [df, dr] of STEPS[piece.role] || []) {
      const f = file + df * fileStep, r = rank + dr * forward;
      if (f >= 1 && f <= 9 && r >= 1 && r <= 9 && !own(`${f}${RANKS[r - 1]}`)) add(f, r);
    }
    for (const [df, dr] of SLIDES[piece.role] || []) {
      for (let f = file + df * fileStep, r = rank + dr * forward; f >= 1 && f <= 9 && r >= 1 && r <= 9; f += df * fileStep, r += dr * forward) {
        if (own(`${f}${RANKS[r - 1]}`)) break;
        add(f, r);
      }
    }
    if (targets.length > 0) dests[orig] = targets;
  }
  const dropDests = {};
  const pawnFiles = new Set();
  for (const [sq, p] of position.squares) {
    if (p.color === color && p.role === 'P') pawnFiles.add(sq[0]);
  }
  for (const [role, count] of Object.entries(position.hands[color])) {
    if (!count) continue;
    const squares = [];
    for (let file = 1; file <= 9; file++) {
      for (let rank = 1; rank <= 9; rank++) {
        const sq = `${file}${RANKS[rank - 1]}`;
        const d = depth(rank, color);
        if (own(sq) || (role === 'P' || role === 'L') && d === 1 || role === 'N' && d <= 2) continue;
        if (role === 'P' && pawnFiles.has(String(file))) continue;
        squares.push(sq);
      }
    }
    if (squares.length > 0) dropDests[role] = squares;
  }
  return { dests, promotions, dropDests };
}

/**
 * Whether a premove in USI ('7g7f', '8h2b+', 'P*5e') is legal in the position the server sent, judged by its
 * destinations ({@code dests}: origin → destination → promotion choice; {@code dropDests}: role → squares),
 * and the USI to send: a forced promotion is added, a promotion the position does not allow is refused.
 *
 * @returns {string|null}
 */
export function legalPremove(usi, dests, dropDests) {
  if (usi[1] === '*') {
    return (dropDests[usi[0]] || []).includes(usi.slice(2, 4)) ? usi : null;
  }
  const orig = usi.slice(0, 2);
  const dest = usi.slice(2, 4);
  const promote = usi.endsWith('+');
  const choice = (dests[orig] || {})[dest];
  if (!choice) return null;
  if (choice === 'forced') return orig + dest + '+';
  if (choice === 'none') return promote ? null : usi;
  return usi;
}
