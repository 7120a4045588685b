// The evaluation graph of an analysed game: one point per position, sente's advantage upwards, a click on the
// graph jumps to that move. Scores come from the server's analysis (centipawns or mate, from sente's side). The
// game and record analysis pages share it, with its legend: which side is ahead above the middle line, and which
// below.

import { t } from './i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const W = 300;
const H = 100;
/** Centipawns at which the curve is at three quarters of its height: big leads flatten out, as win chances do. */
const SCALE = 1200;

/**
 * Where a score sits between -1 (gote wins) and 1 (sente wins).
 *
 * @param {{cp: number|null, mate: number|null}} e a score from sente's side; mate > 0: sente mates in that many plies
 * @returns {number} e.g. 0 for an equal position, 1 for a mate for sente
 */
export function advantage(e) {
  if (e.mate !== null && e.mate !== undefined) return e.mate > 0 ? 1 : -1;
  if (e.cp === null || e.cp === undefined) return 0;
  return Math.tanh((e.cp * Math.atanh(0.75)) / SCALE);
}

function el(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** The graph, drawn into `container`; `onPly(ply)` is called when a position is clicked. */
export class EvalGraph {
  /**
   * @param {HTMLElement} container
   * @param {function(number): void} onPly
   * @param {function(): {sente: string, gote: string}} [sides] the sides' names for the legend, asked at each
   *   drawing (e.g. ☗先手 and ☖後手, or ☗下手 and ☖上手 in a handicap game); without it the graph has no legend
   */
  constructor(container, onPly, sides = null) {
    this.container = container;
    this.container.classList.add('eval-graph-box');
    this.onPly = onPly;
    this.sides = sides;
    this.plies = [];
    this.current = null;
  }

  /**
   * Draws the graph.
   *
   * @param {Array<{ply: number, cp: number|null, mate: number|null, best?: string}>} plies one score per position,
   *   ply 0 first; a final position without moves has neither cp nor mate
   * @param {number|null} current the ply shown on the board, marked with a line
   * @param {number|null} lastPly the ply at the right edge: the game's last, so that an analysis under way fills
   *   the graph from the left; by default the last scored position's
   */
  set(plies, current, lastPly = null) {
    this.plies = plies;
    this.current = current;
    this.lastPly = lastPly;
    this.draw();
  }

  x(ply) {
    const scored = this.plies.length ? this.plies[this.plies.length - 1].ply : 1;
    return (ply / Math.max(1, this.lastPly ?? scored)) * W;
  }

  draw() {
    const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'eval-graph', preserveAspectRatio: 'none', role: 'img' });
    svg.append(el('rect', { x: 0, y: 0, width: W, height: H, class: 'eval-bg' }));
    // A final position without moves has no score: it keeps the one before it.
    const values = [];
    for (const e of this.plies) {
      const scored = (e.cp !== null && e.cp !== undefined) || (e.mate !== null && e.mate !== undefined);
      values.push(scored || values.length === 0 ? advantage(e) : values[values.length - 1]);
    }
    const y = (i) => (H / 2) * (1 - values[i]);
    if (this.plies.length > 0) {
      const pts = this.plies.map((e, i) => `${this.x(e.ply).toFixed(2)},${y(i).toFixed(2)}`);
      const first = this.x(this.plies[0].ply).toFixed(2);
      const last = this.x(this.plies[this.plies.length - 1].ply).toFixed(2);
      svg.append(el('polygon', { points: `${first},${H} ${pts.join(' ')} ${last},${H}`, class: 'eval-area' }));
      svg.append(el('polyline', { points: pts.join(' '), class: 'eval-line' }));
      // A dot where a move gave much away (the server's grade of the move that led to the position).
      this.plies.forEach((e, i) => {
        if (!e.quality) return;
        const cx = this.x(e.ply).toFixed(2);
        const cy = Math.min(H * 0.95, Math.max(H * 0.05, y(i))).toFixed(2); // whole, also at a mate's edge
        svg.append(el('line', { x1: cx, y1: cy, x2: cx, y2: cy, class: `eval-quality quality-${e.quality.toLowerCase()}`, 'data-ply': e.ply, 'data-quality': e.quality }));
      });
    }
    svg.append(el('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'eval-mid' }));
    if (this.current !== null && this.current !== undefined) {
      const cx = this.x(this.current);
      svg.append(el('line', { x1: cx, y1: 0, x2: cx, y2: H, class: 'eval-current' }));
    }
    // One clickable band per position, centred on its point.
    const step = this.plies.length > 1 ? this.x(this.plies[1].ply) - this.x(this.plies[0].ply) : this.x(1);
    for (const e of this.plies) {
      const band = el('rect', { x: this.x(e.ply) - step / 2, y: 0, width: step, height: H, class: 'eval-band', 'data-ply': e.ply });
      const title = el('title', {});
      const score = e.mate !== null && e.mate !== undefined ? `${e.mate > 0 ? '+' : '-'}M${Math.abs(e.mate)}`
        : e.cp !== null && e.cp !== undefined ? `${e.cp > 0 ? '+' : ''}${e.cp}` : '';
      title.textContent = `${e.ply}: ${score}${e.best ? ` (${e.best})` : ''}${e.quality ? ` ${t(`quality.${e.quality}`)}` : ''}`.trim();
      band.append(title);
      band.addEventListener('click', () => this.onPly(e.ply));
      svg.append(band);
    }
    // The legend, in the graph's corners: sente's advantage above the middle line, gote's below.
    const legend = [];
    if (this.sides) {
      const names = this.sides();
      for (const [color, where] of [['sente', 'top'], ['gote', 'bottom']]) {
        const label = document.createElement('span');
        label.className = `eval-legend eval-legend-${where}`;
        label.dataset.color = color;
        label.textContent = t('evalAhead', { side: names[color] });
        legend.push(label);
      }
    }
    this.container.replaceChildren(svg, ...legend);
  }
}

/**
 * The mark of a move that gave much away, for a move list: 疑問手, 悪手 or 大悪手 (Inaccuracy, Mistake, Blunder) as
 * the server grades the move that led to a position of an analysis (`plies[n].quality`); null for any other move.
 *
 * @param {string|null|undefined} quality `INACCURACY`, `MISTAKE`, `BLUNDER`, or none
 * @returns {HTMLElement|null}
 */
export function qualityMark(quality) {
  if (!quality) return null;
  const mark = document.createElement('span');
  mark.className = `quality quality-${quality.toLowerCase()}`;
  mark.dataset.quality = quality;
  mark.textContent = t(`quality.${quality}`);
  return mark;
}

/**
 * How many moves of each side the analysis grades (疑問手, 悪手, 大悪手), as `meijin analyse` ends its output: one
 * line per side, counting the positions analysed so far. The move that led to position `n` was made by the side
 * that moves first if `n` is odd.
 *
 * @param {Array<{ply: number, quality?: string|null}>} plies the analysis's positions
 * @param {'sente'|'gote'} first the side that made the first move
 * @param {(color: string) => string} sideName the name of a side, marked (☗先手)
 * @returns {HTMLElement}
 */
export function qualitySummary(plies, first, sideName) {
  const other = first === 'sente' ? 'gote' : 'sente';
  const counts = { sente: { INACCURACY: 0, MISTAKE: 0, BLUNDER: 0 }, gote: { INACCURACY: 0, MISTAKE: 0, BLUNDER: 0 } };
  for (const e of plies) {
    if (e.quality && e.ply > 0) counts[e.ply % 2 === 1 ? first : other][e.quality]++;
  }
  const box = document.createElement('div');
  box.className = 'quality-summary small';
  box.id = 'quality-summary';
  for (const color of ['sente', 'gote']) {
    const c = counts[color];
    const line = document.createElement('p');
    line.dataset.color = color;
    line.textContent = t('qualitySummary', { side: sideName(color), inaccuracy: c.INACCURACY, mistake: c.MISTAKE, blunder: c.BLUNDER });
    box.append(line);
  }
  return box;
}
