// The Meijin board: draws a shogi position as SVG and reports what the user plays.
//
// There are no shogi rules in here. The position comes as SFEN; what may be moved where, which drops are
// possible, which moves may or must promote and which king is in check all come from the server through one
// configuration object. The board only reports (orig, dest, promote) for a move and (role, dest) for a drop.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The order pieces in hand are shown in: rook, bishop, gold, silver, knight, lance, pawn. */
export const HAND_ORDER = ['R', 'B', 'G', 'S', 'N', 'L', 'P'];

/** One kanji per piece as drawn on the board; the king's character depends on the game (王 or 玉). */
const KANJI = {
  P: '歩', L: '香', N: '桂', S: '銀', G: '金', B: '角', R: '飛',
  '+P': 'と', '+L': '杏', '+N': '圭', '+S': '全', '+B': '馬', '+R': '龍',
};

/** Relative piece sizes: the king is the largest piece and the pawn the smallest, as on a real set. */
const SCALE = {
  K: 1.0, R: 0.97, B: 0.97, '+R': 0.97, '+B': 0.97, G: 0.94, S: 0.94, '+S': 0.94,
  N: 0.91, '+N': 0.91, L: 0.89, '+L': 0.89, P: 0.86, '+P': 0.86,
};

// Geometry of the SVG board, in view-box units. Shogi squares are a little taller than wide.
const SQ_W = 60;
const SQ_H = 65;
const MARGIN_TOP = 26;
const MARGIN_RIGHT = 26;
const MARGIN_LEFT = 6;
const MARGIN_BOTTOM = 6;
const VIEW_W = MARGIN_LEFT + 9 * SQ_W + MARGIN_RIGHT;
const VIEW_H = MARGIN_TOP + 9 * SQ_H + MARGIN_BOTTOM;

const FILE_DIGITS = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const RANK_KANJI = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const RANK_LETTERS = 'abcdefghi';

/**
 * The board's configuration. Every field may be given to {@link Board#set}; missing fields keep their value.
 *
 * @typedef {Object} BoardConfig
 * @property {string} sfen position shown; e.g. 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'
 * @property {'sente'|'gote'} orientation the side drawn at the bottom; e.g. 'sente'
 * @property {'sente'|'gote'|null} movableColor the side the user plays for, or null (spectator, replay); e.g. 'sente'
 * @property {Object<string,string[]>} dests board moves the user may make, origin → destinations; e.g. {'7g': ['7f']}
 * @property {Object<string,string[]>} dropDests drops the user may make, role letter → squares; e.g. {P: ['5e', '5d']}
 * @property {Object<string,'optional'|'forced'>} promotions moves that may or must promote, keyed origin+destination; e.g. {'8h2b': 'optional'}
 * @property {string|null} check square of a king in check; e.g. '5a'
 * @property {string|null} lastMove the last move in USI; e.g. '7g7f', '8h2b+' or 'P*5e'
 * @property {string|null} premove a move chosen ahead, while the opponent thinks, marked on its squares; e.g. '2g2f'
 * @property {string|null} hint the piece to move next, marked: a square, or a role letter for a piece of the movable side's hand; e.g. '4i' or 'S'
 * @property {{sente: string, gote: string}} kingNames the character on each king; e.g. {sente: '玉', gote: '王'}
 * @property {{sente: string, gote: string}} handLabels caption above each hand; e.g. {sente: '☗先手', gote: '☖後手'}
 * @property {boolean} showTurn mark the hand of the side to move; e.g. true while the game is being played
 * @property {{move?: function(string, string, boolean): void, drop?: function(string, string): void}} events
 *   called when the user moves (orig, dest, promote) or drops (role, dest); e.g. {move: (o, d, p) => send(o + d + (p ? '+' : ''))}
 */

/** @type {BoardConfig} */
const DEFAULTS = {
  sfen: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
  orientation: 'sente',
  movableColor: null,
  dests: {},
  dropDests: {},
  promotions: {},
  check: null,
  lastMove: null,
  premove: null,
  hint: null,
  kingNames: { sente: '玉', gote: '王' },
  handLabels: { sente: '☗', gote: '☖' },
  showTurn: true,
  events: {},
};

/**
 * Reads the parts of an SFEN the board draws: the pieces on each square, the pieces in hand and the side to
 * move. This is reading the text format only; nothing is checked against the rules.
 *
 * @param {string} sfen
 * @returns {{squares: Map<string, {color: string, role: string}>, hands: {sente: Object<string, number>, gote: Object<string, number>}, turn: string}}
 */
export function readSfen(sfen) {
  const [board, turn = 'b', hand = '-'] = sfen.trim().split(/\s+/);
  const squares = new Map();
  const rows = board.split('/');
  for (let r = 0; r < 9 && r < rows.length; r++) {
    let file = 9;
    let promoted = false;
    for (const ch of rows[r]) {
      if (ch === '+') {
        promoted = true;
      } else if (ch >= '1' && ch <= '9') {
        file -= Number(ch);
      } else {
        const upper = ch.toUpperCase();
        squares.set(`${file}${RANK_LETTERS[r]}`, {
          color: ch === upper ? 'sente' : 'gote',
          role: (promoted ? '+' : '') + upper,
        });
        promoted = false;
        file--;
      }
    }
  }
  const hands = { sente: {}, gote: {} };
  if (hand !== '-') {
    let count = '';
    for (const ch of hand) {
      if (ch >= '0' && ch <= '9') {
        count += ch;
      } else {
        const upper = ch.toUpperCase();
        const side = ch === upper ? hands.sente : hands.gote;
        side[upper] = (side[upper] || 0) + (count === '' ? 1 : Number(count));
        count = '';
      }
    }
  }
  return { squares, hands, turn: turn === 'w' ? 'gote' : 'sente' };
}

/** The squares a USI move touches: [orig, dest], with orig null for a drop. */
function usiSquares(usi) {
  if (!usi || usi.length < 4) return [null, null];
  if (usi[1] === '*') return [null, usi.slice(2, 4)];
  return [usi.slice(0, 2), usi.slice(2, 4)];
}

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

/**
 * Draws one piece centred on (0, 0) into a group: a pentagon with the kanji, upside down for the side at the
 * top. Promoted pieces have red characters.
 */
function drawPiece(parent, role, upsideDown, kingName, w = SQ_W, h = SQ_H) {
  const s = SCALE[role] ?? 0.9;
  const pw = w * 0.84 * s;
  const ph = h * 0.86 * s;
  const g = el('g', { class: 'piece' + (role.startsWith('+') ? ' promoted' : ''), 'data-role': role }, parent);
  const inner = el('g', upsideDown ? { transform: 'rotate(180)' } : {}, g);
  const points = [
    [0, -ph / 2], [pw * 0.37, -ph * 0.33], [pw / 2, ph / 2], [-pw / 2, ph / 2], [-pw * 0.37, -ph * 0.33],
  ].map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  el('polygon', { points, class: 'piece-body' }, inner);
  const text = el('text', {
    x: 0, y: ph * 0.08, 'font-size': (w * 0.56 * s).toFixed(1), 'text-anchor': 'middle', 'dominant-baseline': 'central',
    class: 'piece-text',
  }, inner);
  text.textContent = role === 'K' ? kingName : KANJI[role];
  return g;
}

/** Board destinations and promotion choices in the board's form, from the protocol's `dests`. */
export function boardDests(dests) {
  const moves = {};
  const promotions = {};
  for (const [orig, targets] of Object.entries(dests || {})) {
    moves[orig] = Object.keys(targets);
    for (const [dest, choice] of Object.entries(targets)) {
      if (choice === 'optional' || choice === 'forced') promotions[orig + dest] = choice;
    }
  }
  return { dests: moves, promotions };
}

/**
 * A shogi board with its two hands. Create it on an empty element; it fills the element's width.
 *
 * @example
 * const board = new Board(document.getElementById('board'), {
 *   sfen: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
 *   movableColor: 'sente', dests: {'7g': ['7f']},
 *   events: {move: (orig, dest, promote) => console.log(orig, dest, promote)},
 * });
 */
export class Board {
  /**
   * @param {HTMLElement} root the element the board is drawn into
   * @param {Partial<BoardConfig>} config
   */
  constructor(root, config = {}) {
    this.root = root;
    this.config = { ...DEFAULTS };
    this.selected = null; // {kind: 'square', square} or {kind: 'hand', role}
    this.pending = null; // a move waiting for the promotion choice
    this.drag = null;
    root.classList.add('mj-board');
    root.innerHTML = '';
    this.handTop = document.createElement('div');
    this.handTop.className = 'mj-hand mj-hand-top';
    this.boardWrap = document.createElement('div');
    this.boardWrap.className = 'mj-board-wrap';
    this.handBottom = document.createElement('div');
    this.handBottom.className = 'mj-hand mj-hand-bottom';
    root.append(this.handTop, this.boardWrap, this.handBottom);
    this.svg = el('svg', { viewBox: `0 0 ${VIEW_W} ${VIEW_H}`, class: 'mj-svg', role: 'img' }, this.boardWrap);
    this.svg.setAttribute('aria-label', 'shogi board');
    this.ghost = document.createElement('div');
    this.ghost.className = 'mj-ghost';
    this.ghost.hidden = true;
    document.body.appendChild(this.ghost);
    this.onPointerDown = this.onPointerDown.bind(this);
    this.onPointerMove = this.onPointerMove.bind(this);
    this.onPointerUp = this.onPointerUp.bind(this);
    this.onKey = this.onKey.bind(this);
    root.addEventListener('pointerdown', this.onPointerDown);
    window.addEventListener('pointermove', this.onPointerMove);
    window.addEventListener('pointerup', this.onPointerUp);
    window.addEventListener('pointercancel', this.onPointerUp);
    window.addEventListener('keydown', this.onKey);
    this.set(config);
  }

  /**
   * Changes part of the configuration and redraws. A new position, or destinations that no longer include
   * the selected piece's, drop the current selection and any open promotion choice; the same position sent
   * again (a message about something else) keeps them, so the player's click is not lost.
   *
   * @param {Partial<BoardConfig>} config
   */
  set(config) {
    const sfenBefore = this.config.sfen;
    const colorBefore = this.config.movableColor;
    Object.assign(this.config, config);
    if ('sfen' in config || 'dests' in config || 'dropDests' in config || 'movableColor' in config) {
      const same = this.config.sfen === sfenBefore && this.config.movableColor === colorBefore;
      if (!same || (this.selected && this.currentTargets().length === 0)) this.selected = null;
      if (!same || (this.pending && !this.config.promotions[this.pending.orig + this.pending.dest])) this.pending = null;
    }
    this.position = readSfen(this.config.sfen);
    this.redraw();
  }

  /** Turns the board round. */
  flip() {
    this.set({ orientation: this.config.orientation === 'sente' ? 'gote' : 'sente' });
  }

  /** Removes the board's listeners and elements. */
  destroy() {
    this.root.removeEventListener('pointerdown', this.onPointerDown);
    window.removeEventListener('pointermove', this.onPointerMove);
    window.removeEventListener('pointerup', this.onPointerUp);
    window.removeEventListener('pointercancel', this.onPointerUp);
    window.removeEventListener('keydown', this.onKey);
    this.ghost.remove();
    this.root.innerHTML = '';
  }

  // ---- geometry ----

  /** The top-left corner of a square in view-box units, for the current orientation. */
  corner(square) {
    const file = Number(square[0]);
    const rank = RANK_LETTERS.indexOf(square[1]) + 1;
    const flipped = this.config.orientation === 'gote';
    const col = flipped ? file - 1 : 9 - file;
    const row = flipped ? 9 - rank : rank - 1;
    return [MARGIN_LEFT + col * SQ_W, MARGIN_TOP + row * SQ_H];
  }

  /** The square under a point on the screen, or null when the point is off the board. */
  squareAt(clientX, clientY) {
    const m = this.svg.getScreenCTM();
    if (!m) return null;
    const p = this.svg.createSVGPoint();
    p.x = clientX;
    p.y = clientY;
    const q = p.matrixTransform(m.inverse());
    const col = Math.floor((q.x - MARGIN_LEFT) / SQ_W);
    const row = Math.floor((q.y - MARGIN_TOP) / SQ_H);
    if (col < 0 || col > 8 || row < 0 || row > 8) return null;
    const flipped = this.config.orientation === 'gote';
    const file = flipped ? col + 1 : 9 - col;
    const rank = flipped ? 9 - row : row + 1;
    return `${file}${RANK_LETTERS[rank - 1]}`;
  }

  // ---- drawing ----

  redraw() {
    this.drawBoard();
    this.drawHand(this.handTop, this.config.orientation === 'sente' ? 'gote' : 'sente');
    this.drawHand(this.handBottom, this.config.orientation);
  }

  drawBoard() {
    const svg = this.svg;
    const cfg = this.config;
    svg.innerHTML = '';
    const defs = el('defs', {}, svg);
    const wood = el('linearGradient', { id: 'mj-wood', x1: 0, y1: 0, x2: 1, y2: 1 }, defs);
    el('stop', { offset: '0', 'stop-color': '#f2cf8a' }, wood);
    el('stop', { offset: '1', 'stop-color': '#e0b066' }, wood);
    const pieceWood = el('linearGradient', { id: 'mj-piece', x1: 0, y1: 0, x2: 0, y2: 1 }, defs);
    el('stop', { offset: '0', 'stop-color': '#fbe6b4' }, pieceWood);
    el('stop', { offset: '1', 'stop-color': '#ebc47c' }, pieceWood);
    const checkGlow = el('radialGradient', { id: 'mj-check' }, defs);
    // The piece covers the middle of the square, so the glow is strongest towards the edges.
    el('stop', { offset: '0', 'stop-color': '#ff3030', 'stop-opacity': '1' }, checkGlow);
    el('stop', { offset: '0.7', 'stop-color': '#e01010', 'stop-opacity': '0.9' }, checkGlow);
    el('stop', { offset: '1', 'stop-color': '#a00000', 'stop-opacity': '0.25' }, checkGlow);

    el('rect', { x: 0, y: 0, width: VIEW_W, height: VIEW_H, class: 'mj-frame', rx: 6 }, svg);
    el('rect', { x: MARGIN_LEFT, y: MARGIN_TOP, width: 9 * SQ_W, height: 9 * SQ_H, fill: 'url(#mj-wood)' }, svg);

    // Coordinates: files across the top, ranks down the right, turned with the board.
    const flipped = cfg.orientation === 'gote';
    for (let i = 0; i < 9; i++) {
      const fileIndex = flipped ? i : 8 - i;
      const t = el('text', {
        x: MARGIN_LEFT + i * SQ_W + SQ_W / 2, y: MARGIN_TOP / 2 + 1, class: 'mj-coord mj-coord-file',
        'text-anchor': 'middle', 'dominant-baseline': 'central',
      }, svg);
      t.textContent = FILE_DIGITS[fileIndex];
      const rankIndex = flipped ? 8 - i : i;
      const r = el('text', {
        x: MARGIN_LEFT + 9 * SQ_W + MARGIN_RIGHT / 2, y: MARGIN_TOP + i * SQ_H + SQ_H / 2, class: 'mj-coord mj-coord-rank',
        'text-anchor': 'middle', 'dominant-baseline': 'central',
      }, svg);
      r.textContent = RANK_KANJI[rankIndex];
    }

    // Squares: each a rect carrying its USI name, with the highlights.
    const [lastOrig, lastDest] = usiSquares(cfg.lastMove);
    const [preOrig, preDest] = usiSquares(cfg.premove);
    const sel = this.selected;
    const targets = new Set(this.currentTargets());
    const squaresLayer = el('g', { class: 'mj-squares' }, svg);
    for (let file = 1; file <= 9; file++) {
      for (let rank = 1; rank <= 9; rank++) {
        const sq = `${file}${RANK_LETTERS[rank - 1]}`;
        const [x, y] = this.corner(sq);
        const classes = ['mj-sq'];
        if (sq === lastOrig || sq === lastDest) classes.push('last');
        if (sq === preOrig || sq === preDest) classes.push('premove');
        if (sq === cfg.hint) classes.push('hint');
        if (sel && sel.kind === 'square' && sel.square === sq) classes.push('selected');
        el('rect', { x, y, width: SQ_W, height: SQ_H, class: classes.join(' '), 'data-square': sq }, squaresLayer);
        if (cfg.check === sq) {
          el('rect', { x, y, width: SQ_W, height: SQ_H, fill: 'url(#mj-check)', class: 'mj-check', 'pointer-events': 'none' }, squaresLayer);
        }
      }
    }
    // Grid lines and the four star points.
    const lines = el('g', { class: 'mj-lines' }, svg);
    for (let i = 0; i <= 9; i++) {
      el('line', { x1: MARGIN_LEFT + i * SQ_W, y1: MARGIN_TOP, x2: MARGIN_LEFT + i * SQ_W, y2: MARGIN_TOP + 9 * SQ_H }, lines);
      el('line', { x1: MARGIN_LEFT, y1: MARGIN_TOP + i * SQ_H, x2: MARGIN_LEFT + 9 * SQ_W, y2: MARGIN_TOP + i * SQ_H }, lines);
    }
    el('rect', { x: MARGIN_LEFT, y: MARGIN_TOP, width: 9 * SQ_W, height: 9 * SQ_H, class: 'mj-border' }, lines);
    for (const cx of [3, 6]) {
      for (const cy of [3, 6]) {
        el('circle', { cx: MARGIN_LEFT + cx * SQ_W, cy: MARGIN_TOP + cy * SQ_H, r: 3.2, class: 'mj-star' }, lines);
      }
    }

    // Pieces.
    const piecesLayer = el('g', { class: 'mj-pieces' }, svg);
    for (const [sq, piece] of this.position.squares) {
      const [x, y] = this.corner(sq);
      const g = el('g', { transform: `translate(${x + SQ_W / 2},${y + SQ_H / 2})`, 'data-piece-square': sq }, piecesLayer);
      if (this.drag && this.drag.active && this.drag.from.kind === 'square' && this.drag.from.square === sq) {
        g.setAttribute('opacity', '0.35');
      }
      drawPiece(g, piece.role, piece.color !== cfg.orientation, cfg.kingNames[piece.color]);
      g.firstChild.classList.add(piece.color);
    }

    // Destination marks over the pieces: a dot on an empty square, a ring on an occupied one.
    const marks = el('g', { class: 'mj-dests', 'pointer-events': 'none' }, svg);
    for (const sq of targets) {
      const [x, y] = this.corner(sq);
      if (this.position.squares.has(sq)) {
        el('rect', { x: x + 2, y: y + 2, width: SQ_W - 4, height: SQ_H - 4, rx: 8, class: 'mj-dest-capture', 'data-dest': sq }, marks);
      } else {
        el('circle', { cx: x + SQ_W / 2, cy: y + SQ_H / 2, r: SQ_W * 0.15, class: 'mj-dest', 'data-dest': sq }, marks);
      }
    }

    if (this.pending) this.drawPromotionChoice(svg);
  }

  /** The promotion choice: the promoted and the plain piece over the destination, the rest of the board dimmed. */
  drawPromotionChoice(svg) {
    const { dest, role, color } = this.pending;
    const layer = el('g', { class: 'mj-promotion' }, svg);
    el('rect', { x: 0, y: 0, width: VIEW_W, height: VIEW_H, class: 'mj-promotion-shade', 'data-promote-cancel': '' }, layer);
    const [x, y] = this.corner(dest);
    // Show the two choices on the destination and the square towards the centre of the board.
    const down = y < MARGIN_TOP + 4.5 * SQ_H;
    const options = [{ promote: true, role: '+' + role }, { promote: false, role }];
    options.forEach((opt, i) => {
      const oy = down ? y + i * SQ_H : y - i * SQ_H;
      const g = el('g', { class: 'mj-promotion-choice', 'data-promote': String(opt.promote) }, layer);
      el('rect', { x, y: oy, width: SQ_W, height: SQ_H, rx: 10, class: 'mj-promotion-bg' }, g);
      const pg = el('g', { transform: `translate(${x + SQ_W / 2},${oy + SQ_H / 2})` }, g);
      drawPiece(pg, opt.role, color !== this.config.orientation, '');
    });
  }

  drawHand(container, color) {
    const cfg = this.config;
    container.innerHTML = '';
    container.dataset.color = color;
    container.classList.toggle('mj-hand-turn', cfg.showTurn && this.position.turn === color);
    const label = document.createElement('div');
    label.className = 'mj-hand-label';
    label.textContent = cfg.handLabels[color];
    container.appendChild(label);
    const pieces = document.createElement('div');
    pieces.className = 'mj-hand-pieces';
    container.appendChild(pieces);
    const hand = this.position.hands[color];
    for (const role of HAND_ORDER) {
      const n = hand[role] || 0;
      if (n === 0) continue;
      const item = document.createElement('div');
      item.className = 'mj-hand-piece';
      item.dataset.hand = color;
      item.dataset.role = role;
      if (this.selected && this.selected.kind === 'hand' && this.selected.role === role && color === cfg.movableColor) {
        item.classList.add('selected');
      }
      if (color === cfg.movableColor && (cfg.dropDests[role] || []).length > 0) item.classList.add('droppable');
      if (color === cfg.movableColor && cfg.hint === role) item.classList.add('hint');
      const svg = el('svg', { viewBox: `${-SQ_W / 2} ${-SQ_H / 2} ${SQ_W} ${SQ_H}`, class: 'mj-hand-svg' }, item);
      drawPiece(svg, role, color !== cfg.orientation, '');
      if (n > 1) {
        const count = document.createElement('span');
        count.className = 'mj-count';
        count.textContent = String(n);
        item.appendChild(count);
      }
      pieces.appendChild(item);
    }
  }

  /** The squares the selected piece may go to. */
  currentTargets() {
    const sel = this.selected;
    if (!sel) return [];
    if (sel.kind === 'square') return this.config.dests[sel.square] || [];
    return this.config.dropDests[sel.role] || [];
  }

  // ---- interaction ----

  /** What the pointer is on: a board square, a piece in a hand, a promotion choice, or nothing. */
  hit(event) {
    const t = event.target instanceof Element ? event.target : null;
    if (t) {
      const choice = t.closest('[data-promote]');
      if (choice) return { kind: 'promote', promote: choice.getAttribute('data-promote') === 'true' };
      if (t.closest('[data-promote-cancel]')) return { kind: 'cancel' };
      const handPiece = t.closest('.mj-hand-piece');
      if (handPiece) return { kind: 'hand', color: handPiece.dataset.hand, role: handPiece.dataset.role };
    }
    const square = this.squareAt(event.clientX, event.clientY);
    return square ? { kind: 'square', square } : { kind: 'none' };
  }

  canMoveFrom(square) {
    const piece = this.position.squares.get(square);
    return !!piece && piece.color === this.config.movableColor && (this.config.dests[square] || []).length > 0;
  }

  canDrop(color, role) {
    return color === this.config.movableColor && (this.config.dropDests[role] || []).length > 0;
  }

  onPointerDown(event) {
    if (event.button !== undefined && event.button !== 0) return;
    const h = this.hit(event);
    if (this.pending) {
      event.preventDefault();
      if (h.kind === 'promote') {
        const { orig, dest } = this.pending;
        this.pending = null;
        this.selected = null;
        this.redraw();
        this.emitMove(orig, dest, h.promote);
      } else {
        this.pending = null;
        this.selected = null;
        this.redraw();
      }
      return;
    }
    if (h.kind === 'square') {
      if (this.selected && this.currentTargets().includes(h.square)) {
        event.preventDefault();
        this.finish(h.square);
        return;
      }
      if (this.canMoveFrom(h.square)) {
        event.preventDefault();
        const already = this.selected && this.selected.kind === 'square' && this.selected.square === h.square;
        this.selected = { kind: 'square', square: h.square };
        this.startDrag(event, this.selected, already);
        this.redraw();
        return;
      }
    } else if (h.kind === 'hand' && this.canDrop(h.color, h.role)) {
      event.preventDefault();
      const already = this.selected && this.selected.kind === 'hand' && this.selected.role === h.role;
      this.selected = { kind: 'hand', role: h.role };
      this.startDrag(event, this.selected, already);
      this.redraw();
      return;
    }
    if (this.selected) {
      this.selected = null;
      this.redraw();
    }
  }

  startDrag(event, from, wasSelected) {
    let role;
    let color = this.config.movableColor;
    if (from.kind === 'square') {
      const p = this.position.squares.get(from.square);
      role = p.role;
      color = p.color;
    } else {
      role = from.role;
    }
    this.drag = { from, role, color, x: event.clientX, y: event.clientY, active: false, wasSelected };
  }

  onPointerMove(event) {
    const d = this.drag;
    if (!d) return;
    if (!d.active) {
      if (Math.hypot(event.clientX - d.x, event.clientY - d.y) < 6) return;
      d.active = true;
      this.showGhost(d);
      this.redraw();
    }
    event.preventDefault();
    this.placeGhost(event.clientX, event.clientY);
  }

  onPointerUp(event) {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    this.ghost.hidden = true;
    if (!d.active) {
      // A click: a second click on the selected piece unselects it.
      if (d.wasSelected) {
        this.selected = null;
        this.redraw();
      }
      return;
    }
    const square = this.squareAt(event.clientX, event.clientY);
    if (square && this.currentTargets().includes(square)) {
      this.finish(square);
    } else {
      this.redraw();
    }
  }

  onKey(event) {
    if (event.key === 'Escape' && (this.pending || this.selected)) {
      this.pending = null;
      this.selected = null;
      this.redraw();
    }
  }

  showGhost(d) {
    const rect = this.svg.getBoundingClientRect();
    const w = (rect.width * SQ_W) / VIEW_W;
    const h = (rect.height * SQ_H) / VIEW_H;
    this.ghost.innerHTML = '';
    this.ghost.style.width = `${w}px`;
    this.ghost.style.height = `${h}px`;
    const svg = el('svg', { viewBox: `${-SQ_W / 2} ${-SQ_H / 2} ${SQ_W} ${SQ_H}`, width: w, height: h });
    drawPiece(svg, d.role, d.color !== this.config.orientation, this.config.kingNames[d.color]);
    this.ghost.appendChild(svg);
    this.ghost.hidden = false;
  }

  placeGhost(x, y) {
    const w = parseFloat(this.ghost.style.width);
    const h = parseFloat(this.ghost.style.height);
    this.ghost.style.transform = `translate(${x - w / 2}px, ${y - h / 2}px)`;
  }

  /** Completes a move or drop of the selected piece to a legal destination. */
  finish(dest) {
    const sel = this.selected;
    this.selected = null;
    if (sel.kind === 'hand') {
      this.showPlayed(null, dest, sel.role);
      this.config.events.drop?.(sel.role, dest);
      return;
    }
    const orig = sel.square;
    const promotion = this.config.promotions[orig + dest];
    if (promotion === 'optional') {
      const piece = this.position.squares.get(orig);
      this.pending = { orig, dest, role: piece.role, color: piece.color };
      this.redraw();
      return;
    }
    this.redraw();
    this.emitMove(orig, dest, promotion === 'forced');
  }

  emitMove(orig, dest, promote) {
    const piece = this.position.squares.get(orig);
    const role = promote && !piece.role.startsWith('+') ? '+' + piece.role : piece.role;
    this.showPlayed(orig, dest, role);
    this.config.events.move?.(orig, dest, promote);
  }

  /**
   * Shows the piece on its new square at once, before the server answers, and takes the destinations away
   * so nothing more can be played until it does. This only moves the drawing: the position the server sends
   * next replaces it (a captured piece appears in the hand then).
   */
  showPlayed(orig, dest, role) {
    const color = this.config.movableColor;
    if (orig) {
      this.position.squares.delete(orig);
    } else {
      const hand = this.position.hands[color];
      hand[role] = (hand[role] || 1) - 1;
    }
    this.position.squares.set(dest, { color, role });
    this.config.dests = {};
    this.config.dropDests = {};
    this.config.check = null;
    this.config.lastMove = orig ? orig + dest : `${role}*${dest}`;
    this.redraw();
  }
}
