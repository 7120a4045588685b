// The mate-problem page (詰将棋): a problem pasted as SFEN or as a game record is sent to the server's solver
// (`POST /api/mate`), and its answer is shown: the length of the mate with the solution, which can be stepped
// through on the board; no mate; or why the problem was not settled.

import { Board } from './board.js';
import { api } from './api.js';
import { notationSelect, positions, replayKeys, replayNav, savedNotation } from './replay.js';
import { language, t } from './i18n.js';
import { h, sendPasted, setStatus } from './dom.js';

const OTHER = { sente: 'gote', gote: 'sente' };

/** How often the page asks what the solver is doing while it waits for an answer, in milliseconds. */
const WATCH_MS = 1000;

/** The time limits offered, in seconds; the server takes 1 to 30. */
const LIMITS = [5, 10, 30];
const DEFAULT_LIMIT = 10;

/** A small problem to try: mate in 5 (▲４二銀 △２二玉 ▲３一銀打 △１二玉 ▲２二金). */
export const EXAMPLE = '6knl/6s2/5Pppp/9/9/9/9/9/9 b G2S2r2b3gs3n3l14p 1';

/** An empty board, shown until there is a position to show. */
const EMPTY = '9/9/9/9/9/9/9/9/9 b - 1';

/**
 * A problem typed as a plain SFEN (optionally after `sfen `), for showing it on the board before it is solved;
 * null for anything else (a game record is read by the server only). Only the text's shape is looked at.
 */
export function previewSfen(text) {
  const s = text.trim().replace(/^sfen\s+/, '').replace(/\s+/g, ' ');
  const m = s.match(/^((?:[1-9]|\+?[PLNSGBRKplnsgbrk]){1,9}(?:\/(?:[1-9]|\+?[PLNSGBRKplnsgbrk]){1,9}){8}) ([bw])(?: (-|(?:\d*[PLNSGBRplnsgbr])+))?(?: (\d+))?$/);
  if (!m) return null;
  const width = (row) => [...row.replace(/\+/g, '')].reduce((n, ch) => n + (ch >= '1' && ch <= '9' ? Number(ch) : 1), 0);
  if (!m[1].split('/').every((row) => width(row) === 9)) return null;
  return `${m[1]} ${m[2]} ${m[3] || '-'} ${m[4] || '1'}`;
}

/** The mate-problem page. */
export class TsumePage {
  constructor(root) {
    this.root = root;
    this.answer = null; // the server's last answer
    this.sfens = null; // the positions of a mate's solution: element 0 the problem, element i after move i
    this.viewPly = 0;
    this.orientation = 'sente';
    this.notation = savedNotation();
    document.title = `${t('tsume')} | ${t('appName')}`;
    this.build();
    // A link to a problem (/tsume?sfen=…) fills it in and shows it; it is not solved until asked, so that
    // whoever follows the link can try it first.
    const shared = new URLSearchParams(location.search).get('sfen');
    if (shared) {
      this.problem.value = shared;
      this.onEdit();
    }
    window.meijin = this; // for the browser tests and for looking around in the console
  }

  /** Keeps the address a link to the problem shown: /tsume?sfen=… (just /tsume when none is). */
  linkTo(sfen) {
    const path = sfen ? `/tsume?sfen=${encodeURIComponent(sfen)}` : '/tsume';
    if (location.pathname + location.search !== path) history.replaceState(null, '', path);
  }

  build() {
    this.problem = h('textarea', {
      id: 'problem', rows: 5, spellcheck: 'false', autocomplete: 'off', 'aria-label': t('problem'), placeholder: t('problemPlaceholder'),
      oninput: () => this.onEdit(),
      onkeydown: (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); this.solve(); } },
    });
    this.limit = h('select', { id: 'limit', name: 'limit' },
      LIMITS.map((s) => h('option', { value: String(s) }, t('secondsShort', { s }))));
    this.limit.value = String(DEFAULT_LIMIT);
    this.solveButton = h('button', { type: 'button', id: 'solve', class: 'primary', onclick: () => this.solve() }, t('solve'));
    this.statusEl = h('p', { id: 'tsume-status', class: 'status hidden', role: 'status' });
    const example = h('button', { type: 'button', id: 'example', onclick: () => this.fillExample() }, t('example'));
    const form = h('section', { class: 'panel paste-form' },
      h('div', { class: 'row paste-title' }, h('h1', {}, t('tsume')), h('a', { href: '/', class: 'small', id: 'to-lobby' }, t('back'))),
      h('p', { class: 'small muted' }, t('tsumeIntro')),
      this.problem,
      h('div', { class: 'row paste-actions' },
        h('label', { class: 'row small' }, t('timeLimit'), this.limit),
        this.solveButton, example),
      this.statusEl);
    this.boardEl = h('div', { id: 'board' });
    this.resultEl = h('section', { class: 'panel paste-result tsume-result hidden', id: 'result', 'aria-live': 'polite' });
    this.root.replaceChildren(h('div', { class: 'paste tsume' },
      form, h('section', { class: 'board-col paste-board tsume-board' }, this.boardEl), this.resultEl));
    this.board = new Board(this.boardEl, { sfen: EMPTY, movableColor: null, showTurn: false });
    this.showBoard(EMPTY);
    // The arrow keys step through the solution, as on the game page.
    replayKeys(() => this.sfens && { at: this.viewPly, last: this.sfens.length - 1 }, (ply) => this.view(ply));
  }

  fillExample() {
    this.problem.value = EXAMPLE;
    this.onEdit();
    this.problem.focus();
  }

  /** The problem's text changed: the answer shown no longer belongs to it; a plain SFEN is shown at once. */
  onEdit() {
    if (this.solveButton.disabled) return; // being solved
    this.answer = null;
    this.sfens = null;
    this.viewPly = 0;
    setStatus(this.statusEl, null);
    this.resultEl.classList.add('hidden');
    this.resultEl.replaceChildren();
    const sfen = previewSfen(this.problem.value);
    this.orientation = sfen && sfen.split(' ')[1] === 'w' ? 'gote' : 'sente';
    this.showBoard(sfen || EMPTY);
    this.linkTo(sfen);
  }

  solve() {
    const seconds = Number(this.limit.value) || DEFAULT_LIMIT;
    const form = { input: this.problem, button: this.solveButton, status: this.statusEl, empty: t('enterProblem'), busy: t('solving', { s: seconds }) };
    return sendPasted(form, async (problem) => {
      this.seconds = seconds;
      // While the answer is awaited, the solver may be waiting for the engine's games to leave it a turn (its
      // time limit does not run meanwhile): the page asks now and then, and says which.
      const watch = {};
      this.watch = watch;
      const timer = setInterval(() => this.watchSolver(watch, seconds), WATCH_MS);
      try {
        return await api('POST', '/api/mate', { problem, seconds });
      } finally {
        clearInterval(timer);
        this.watch = null;
      }
    }, (answer) => this.show(answer));
  }

  /** Says whether the solver is solving or waiting for a free turn, unless the answer has come meanwhile. */
  async watchSolver(watch, seconds) {
    let status;
    try {
      status = await api('GET', '/api/mate/status');
    } catch {
      return; // the answer is still awaited; the next look may do better
    }
    if (this.watch !== watch) return;
    setStatus(this.statusEl, t(status.state === 'waiting' ? 'solverWaiting' : 'solving', { s: seconds }));
  }

  /** Shows an answer of the solver: the problem on the board, and the result with the solution if it mates. */
  show(answer) {
    this.answer = answer;
    this.linkTo(answer.sfen);
    const moves = answer.result === 'mate' && Array.isArray(answer.moves) ? answer.moves : [];
    this.sfens = positions(answer.sfen, moves.map((m) => m.usi));
    this.viewPly = 0;
    this.orientation = answer.sfen.trim().split(/\s+/)[1] === 'w' ? 'gote' : 'sente';
    this.render();
    // On a narrow screen the board and the answer are below the form: bring them into view.
    if (window.matchMedia('(max-width: 899px)').matches) this.boardEl.scrollIntoView({ block: 'start' });
  }

  /** Shows the position after `ply` moves of the solution. */
  view(ply) {
    if (!this.sfens) return;
    this.viewPly = Math.max(0, Math.min(this.sfens.length - 1, ply));
    this.render();
  }

  render() {
    const a = this.answer;
    if (!a) return;
    const moves = a.result === 'mate' && Array.isArray(a.moves) ? a.moves : [];
    this.showBoard(this.sfens[this.viewPly], this.viewPly > 0 ? moves[this.viewPly - 1].usi : null);
    const parts = [];
    if (a.result === 'mate') {
      parts.push(h('h2', { id: 'verdict', 'data-result': 'mate' }, t('mateIn', { n: a.plies })));
      const notes = [];
      if (a.leftover > 0) notes.push(h('p', { class: 'small', id: 'leftover' }, t('leftover', { n: a.leftover })));
      if (a.exact === false) notes.push(h('p', { class: 'small note', id: 'inexact' }, t('notExact')));
      parts.push(...notes, this.solutionList(moves), replayNav(this.viewPly, moves.length, (ply) => this.view(ply)), this.settings());
    } else if (a.result === 'nomate') {
      parts.push(h('h2', { id: 'verdict', 'data-result': 'nomate' }, t('noMate')), h('p', { class: 'small' }, t('noMateProven')));
    } else {
      const key = `mateReason.${a.reason}`;
      const reason = t(key) === key ? String(a.reason || '') : t(key);
      parts.push(h('h2', { id: 'verdict', 'data-result': a.result }, t('unsolved')),
        h('p', { class: 'small', id: 'reason', 'data-reason': a.reason || '' }, t('unsolvedReason', { reason })),
        a.reason === 'time_limit' && this.seconds < LIMITS[LIMITS.length - 1] ? h('p', { class: 'small muted' }, t('unsolvedHint')) : null,
        a.reason === 'busy' ? h('p', { class: 'small muted' }, t('busyHint')) : null);
    }
    if (typeof a.nodes === 'number') {
      parts.push(h('p', { class: 'small muted', id: 'stats' },
        t('searchStats', { nodes: a.nodes.toLocaleString(language() === 'en' ? 'en-US' : 'ja-JP'), ms: a.ms })));
    }
    this.resultEl.replaceChildren(...parts.filter(Boolean));
    this.resultEl.classList.remove('hidden');
    this.resultEl.dataset.result = a.result;
  }

  /** The solution, one clickable move after another as in a printed problem; the shown position's move marked. */
  solutionList(moves) {
    const list = h('ol', { class: 'solution', id: 'solution' });
    for (const m of moves) {
      const text = this.notation === 'western' ? m.western : m.ki2;
      list.append(h('li', { 'data-ply': m.ply, class: m.ply === this.viewPly ? 'current' : '', onclick: () => this.view(m.ply) },
        h('span', { class: 'ply' }, String(m.ply)), h('span', { class: 'text' }, text)));
    }
    return list;
  }

  settings() {
    const notation = notationSelect(this.notation, (n) => { this.notation = n; this.render(); });
    return h('div', { class: 'row small' },
      h('button', { type: 'button', id: 'flip', onclick: () => { this.orientation = OTHER[this.orientation]; this.showBoard(...this.shown); } }, t('flip')),
      h('label', { class: 'row' }, t('notation'), notation),
      h('span', { class: 'muted', id: 'showing' }, this.viewPly === 0 ? t('problemPosition') : t('afterMove', { n: this.viewPly })));
  }

  /** Draws a position, read-only, with the attacker's and the defender's hands named. */
  showBoard(sfen = EMPTY, lastMove = null) {
    this.shown = [sfen, lastMove];
    const turn = this.sfens ? this.sfens[0].trim().split(/\s+/)[1] : (sfen.split(' ')[1] || 'b');
    const attacker = turn === 'w' ? 'gote' : 'sente';
    const label = (c) => (c === 'sente' ? '☗' : '☖') + t(c === attacker ? 'attacker' : 'defender');
    this.board.set({
      sfen, lastMove, orientation: this.orientation, movableColor: null, dests: {}, dropDests: {}, promotions: {}, check: null,
      showTurn: false, kingNames: { [attacker]: '王', [OTHER[attacker]]: '玉' },
      handLabels: { sente: label('sente'), gote: label('gote') },
    });
  }

}
