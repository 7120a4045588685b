// The record analysis page (棋譜解析): a game record pasted as KIF, KI2, CSA, JKF, USI or SFEN with moves is
// read by the server and analysed by its engine (`POST /api/analyses`, then `GET /api/analyses/{id}` every
// second until it is done). The moves can be replayed on the board while the evaluation graph fills in; for the
// position shown the page gives the engine's evaluation and its best move.

import { Board } from './board.js';
import { api, ApiError } from './api.js';
import { EvalGraph, qualityMark } from './graph.js';
import { keepInView, moveText, notationSelect, positions, replayKeys, replayNav, savedNotation } from './replay.js';
import { errorText, language, t, warningsText } from './i18n.js';
import { h, sendPasted, setStatus } from './dom.js';

const OTHER = { sente: 'gote', gote: 'sente' };
const POLL_MS = 1000;
const MAX_RETRY_MS = 15000;

/** Whether a failed request is worth sending again: no answer at all, a rate limit, or a server error other than a failed analysis. */
function transient(e) {
  if (!(e instanceof ApiError)) return false;
  return e.status === 0 || e.status === 429 || e.status === 502 || e.status === 503 || e.status === 504;
}

/** The even start, shown until there is a record to show. */
const START = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';

/** The side to move in an SFEN: 'sente' or 'gote'. */
function turnOf(sfen) {
  return sfen.trim().split(/\s+/)[1] === 'w' ? 'gote' : 'sente';
}

/** The record analysis page. */
export class KifuPage {
  constructor(root) {
    this.root = root;
    this.analysis = null; // the server's last answer about the record shown
    this.sfens = null; // element 0 the start, element i the position after move i
    this.viewPly = 0;
    this.orientation = 'sente';
    this.pollTimer = null;
    this.notation = savedNotation();
    document.title = `${t('kifu')} | ${t('appName')}`;
    this.build();
    // The address of an analysis (/kifu?id=…) shows it again, for as long as the server keeps it.
    const id = new URLSearchParams(location.search).get('id');
    if (id) this.load(id);
    window.meijin = this; // for the browser tests and for looking around in the console
  }

  build() {
    this.input = h('textarea', {
      id: 'record', rows: 6, spellcheck: 'false', autocomplete: 'off', 'aria-label': t('record'), placeholder: t('recordPlaceholder'),
      onkeydown: (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); this.analyse(); } },
    });
    this.analyseButton = h('button', { type: 'button', id: 'analyse', class: 'primary', onclick: () => this.analyse() }, t('analyse'));
    this.statusEl = h('p', { id: 'kifu-status', class: 'status hidden', role: 'status' });
    const form = h('section', { class: 'panel paste-form' },
      h('div', { class: 'row paste-title' }, h('h1', {}, t('kifu')), h('a', { href: '/', class: 'small', id: 'to-lobby' }, t('back'))),
      h('p', { class: 'small muted' }, t('kifuIntro')),
      this.input,
      h('div', { class: 'row paste-actions' }, this.analyseButton),
      this.statusEl);
    this.topPlayer = this.playerBar('top');
    this.bottomPlayer = this.playerBar('bottom');
    this.boardEl = h('div', { id: 'board' });
    this.resultEl = h('section', { class: 'panel paste-result kifu-result hidden', id: 'analysis', 'aria-live': 'polite' });
    this.graphEl = h('div', { id: 'eval-graph' });
    this.graph = new EvalGraph(this.graphEl, (ply) => this.view(ply), () => ({ sente: '☗' + this.sideName('sente'), gote: '☖' + this.sideName('gote') }));
    this.pageEl = h('div', { class: 'paste kifu' },
      form, h('section', { class: 'board-col paste-board kifu-board' }, this.topPlayer.el, this.boardEl, this.bottomPlayer.el), this.resultEl);
    this.root.replaceChildren(this.pageEl);
    this.board = new Board(this.boardEl, { sfen: START, movableColor: null, showTurn: false });
    this.renderBoard();
    // The arrow keys step through the moves, as on the game page.
    replayKeys(() => this.sfens && { at: this.viewPly, last: this.sfens.length - 1 }, (ply) => this.view(ply));
  }

  playerBar(where) {
    const mark = h('span', { class: 'mark' });
    const name = h('span', { class: 'name' });
    return { el: h('div', { class: `player player-${where}` }, mark, name), mark, name };
  }

  /** Sends the pasted record; the server reads it at once and analyses it in the background. */
  analyse() {
    const form = { input: this.input, button: this.analyseButton, status: this.statusEl, empty: t('enterRecord'), busy: t('reading') };
    return sendPasted(form, (record) => api('POST', '/api/analyses', { record }), (answer) => this.show(answer));
  }

  /** Shows an analysis kept by the server, from the address. */
  async load(id) {
    try {
      this.show(await api('GET', `/api/analyses/${encodeURIComponent(id)}`));
    } catch (e) {
      setStatus(this.statusEl, errorText(e), 'error');
    }
  }

  /** Shows a newly read record from its start, and follows its analysis. */
  show(answer) {
    this.analysis = answer;
    const path = `/kifu?id=${encodeURIComponent(answer.id)}`;
    if (location.pathname + location.search !== path) history.replaceState(null, '', path);
    this.sfens = positions(answer.initialSfen, answer.moves.map((m) => m.usi));
    this.viewPly = 0;
    this.pageEl.classList.add('has-record');
    this.input.placeholder = t('recordPlaceholderNext'); // the box is one line high now, showing the record's first
    this.input.scrollTop = 0;
    this.renderRecord();
    this.follow();
    // On a narrow screen the board is below the form: bring it into view, with its player bars.
    if (window.matchMedia('(max-width: 899px)').matches) this.boardEl.parentElement.scrollIntoView({ block: 'start' });
  }

  /**
   * Asks for the analysis every second until it is done; a newer record stops following the older one. A lost
   * connection, a server that is restarting or a rate limit is retried with a growing pause (up to 15 s), the
   * status line saying so until an answer comes back; an analysis the server no longer has, or one that failed,
   * ends the following with the server's message.
   */
  follow(delay = POLL_MS) {
    clearTimeout(this.pollTimer);
    const a = this.analysis;
    if (!a || a.status === 'done') return;
    this.pollTimer = setTimeout(async () => {
      try {
        const next = await api('GET', `/api/analyses/${encodeURIComponent(a.id)}`);
        if (this.analysis !== a) return;
        if (delay !== POLL_MS) setStatus(this.statusEl, null);
        this.analysis = next;
        this.renderAnalysis(); // the list is left where the reader has scrolled it
        this.follow();
      } catch (e) {
        if (this.analysis !== a) return;
        if (transient(e)) {
          setStatus(this.statusEl, t('reconnecting'), 'error');
          this.follow(Math.min(2 * delay, MAX_RETRY_MS));
        } else {
          setStatus(this.statusEl, errorText(e), 'error');
        }
      }
    }, delay);
  }

  /** Shows the position after `ply` moves. */
  view(ply) {
    if (!this.sfens) return;
    this.viewPly = Math.max(0, Math.min(this.sfens.length - 1, ply));
    this.renderView();
  }

  sideName(color) {
    if (this.analysis && this.analysis.handicap) return t(color === 'sente' ? 'shitate' : 'uwate');
    return t(color);
  }

  /** Builds what belongs to the record as a whole (the move list, the game's details), then the position shown. */
  renderRecord() {
    const a = this.analysis;
    const first = turnOf(a.initialSfen);
    this.list = h('ol', { class: 'moves', id: 'moves' });
    a.moves.forEach((m, i) => {
      this.list.append(h('li', { 'data-ply': m.ply, onclick: () => this.view(m.ply) },
        h('span', { class: 'ply' }, String(m.ply)), h('span', { class: 'text' }, moveText(m, i % 2 === 0 ? first : OTHER[first], this.notation))));
    });
    // How the record says the game ended (投了, 詰み, 千日手, …), as the server's rules judge it.
    if (a.result) {
      const reason = t(`reason.${a.result.reason}`);
      const text = a.result.winner ? t('winsBy', { side: this.sideName(a.result.winner), reason }) : t('drawBy', { reason });
      this.list.append(h('li', { class: 'special', id: 'result', 'data-reason': a.result.reason }, h('span', { class: 'ply' }, ''),
        h('span', {}, text)));
    }
    const details = [a.date, a.event, a.handicap ? (language() === 'en' ? a.handicap.en : a.handicap.ja) : null, t('movesCount', { n: a.moves.length })];
    this.infoEl = h('p', { class: 'small muted', id: 'kifu-info' }, details.filter(Boolean).join(' · '));
    this.warningEl = a.warnings.length > 0
      ? h('p', { class: 'small note', id: 'kifu-warnings' }, t('recordWarning', { n: a.moves.length, message: warningsText(a) }))
      : null;
    this.progressEl = h('p', { class: 'small muted', id: 'analysing' });
    this.evalEl = h('div', { class: 'kifu-eval', id: 'position-eval' });
    this.navEl = h('div', { class: 'replay-nav' }); // replaced by the buttons for the position shown
    const notation = notationSelect(this.notation, (n) => { this.notation = n; this.renderRecord(); });
    const settings = h('div', { class: 'row small' },
      h('button', { type: 'button', id: 'flip', onclick: () => { this.orientation = OTHER[this.orientation]; this.renderView(); } }, t('flip')),
      h('label', { class: 'row' }, t('notation'), notation));
    this.mateLinkEl = h('a', { id: 'mate-link', class: 'small', target: '_blank', rel: 'noopener' }, t('findMate'));
    this.resultEl.replaceChildren(...[this.infoEl, this.warningEl, this.evalEl, this.navEl, this.progressEl, this.graphEl, this.list, settings,
      this.mateLinkEl].filter(Boolean));
    this.resultEl.classList.remove('hidden');
    this.renderView();
  }

  /** Shows the position at `viewPly`: the board, the marked move, the replay buttons and the analysis. */
  renderView() {
    const a = this.analysis;
    if (!a) return;
    const at = this.viewPly;
    this.renderBoard();
    for (const li of this.list.querySelectorAll('li[data-ply]')) li.classList.toggle('current', Number(li.dataset.ply) === at);
    const nav = replayNav(at, a.moves.length, (ply) => this.view(ply));
    this.navEl.replaceWith(nav);
    this.navEl = nav;
    this.mateLinkEl.href = `/tsume?sfen=${encodeURIComponent(this.sfens[at])}`;
    this.renderAnalysis();
    // Last, once the panels above the list have their height.
    keepInView(this.list, this.list.querySelector('li.current'));
  }

  /** The analysis as far as it has come: the progress, the graph, and the evaluation of the position shown. */
  renderAnalysis() {
    const a = this.analysis;
    const total = a.moves.length + 1;
    const nodes = a.nodesPerPosition.toLocaleString(language() === 'en' ? 'en-US' : 'ja-JP');
    this.progressEl.textContent = a.status === 'done' ? t('analysisDone', { nodes }) : t('analysisProgress', { done: a.plies.length, total });
    this.resultEl.dataset.status = a.status;
    this.graph.set(a.plies, this.viewPly, a.moves.length);
    this.markMoves();
    this.renderEval();
  }

  /** Marks the moves of the list that the analysis so far grades as giving much away (疑問手, 悪手, 大悪手). */
  markMoves() {
    const plies = this.analysis.plies;
    for (const li of this.list.querySelectorAll('li[data-ply]')) {
      const e = plies[Number(li.dataset.ply)];
      const q = e ? e.quality : null;
      const old = li.querySelector('.quality');
      if ((old ? old.dataset.quality : null) === (q || null)) continue;
      if (old) old.remove();
      const mark = qualityMark(q);
      if (mark) li.append(mark);
    }
  }

  /** The evaluation of the position shown, from sente's side, and the engine's best move there. */
  renderEval() {
    const a = this.analysis;
    const at = this.viewPly;
    const e = a.plies[at];
    const mover = turnOf(this.sfens[at]);
    let score;
    if (!e) score = t('evalPending');
    else if (e.mate !== null) score = t('evalMate', { side: this.sideName(e.mate > 0 ? 'sente' : 'gote'), n: Math.abs(e.mate) });
    else if (e.cp !== null) score = t('evalScore', { score: e.cp > 0 ? `+${e.cp}` : String(e.cp), side: this.sideName('sente') });
    else if (at === a.moves.length && a.checkmate) score = t('evalCheckmate');
    else score = t('evalNone');
    const played = at > 0 ? moveText(a.moves[at - 1], OTHER[mover], this.notation) : null;
    this.evalEl.replaceChildren(...[
      h('p', { class: 'small muted', id: 'showing' }, at === 0 ? t('startPosition') : `${t('afterMove', { n: at })} ${played}`,
        ...(e && e.quality ? [' ', qualityMark(e.quality)] : [])),
      h('p', { id: 'eval-score', 'data-cp': e && e.cp !== null ? e.cp : null, 'data-mate': e && e.mate !== null ? e.mate : null }, score),
      e && e.bestMove ? h('p', { id: 'best-move' }, t('bestMove', { move: moveText(e.bestMove, mover, this.notation) })) : null].filter(Boolean));
  }

  renderBoard() {
    const sfen = this.sfens ? this.sfens[this.viewPly] : START;
    const lastMove = this.sfens && this.viewPly > 0 ? this.analysis.moves[this.viewPly - 1].usi : null;
    this.board.set({
      sfen, lastMove, orientation: this.orientation, movableColor: null, dests: {}, dropDests: {}, promotions: {}, check: null, showTurn: false,
      handLabels: { sente: '☗' + this.sideName('sente'), gote: '☖' + this.sideName('gote') },
    });
    const top = OTHER[this.orientation];
    for (const [bar, color] of [[this.topPlayer, top], [this.bottomPlayer, this.orientation]]) {
      const name = this.analysis ? this.analysis[color] : null;
      bar.el.dataset.color = color;
      bar.mark.textContent = (color === 'sente' ? '☗' : '☖') + this.sideName(color);
      bar.name.textContent = name || '—';
      bar.name.classList.toggle('muted', !name);
      bar.el.classList.toggle('to-move', !!this.sfens && turnOf(this.sfens[this.viewPly]) === color);
    }
  }
}
