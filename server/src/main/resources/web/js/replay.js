// Positions of a finished or running game for replay, from its start SFEN and its moves in USI.
//
// This is bookkeeping, not rules: the moves were judged legal by the server, and replaying one only lifts a
// piece from its square or from the hand, puts it down (turned over when the move promotes) and puts a
// captured piece, unpromoted, into the mover's hand. Check marks are not shown while replaying.

import { readSfen, HAND_ORDER } from './board.js';

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
