// The mate-problem page (詰将棋): a problem pasted as SFEN or as a game record is sent to the server's solver
// (`POST /api/mate`), and its answer is shown: the length of the mate with the solution, which can be stepped
// through on the board; no mate; or why the problem was not settled. Or the player solves it on the board
// ("solve it yourself"): each attacker's move is judged against the solver's solution, which the page keeps
// hidden, and the defender answers as the solution does.

import { Board, boardDests } from './board.js';
import { api } from './api.js';
import { notationSelect, positions, replayKeys, replayNav, savedNotation } from './replay.js';
import { errorText, language, t } from './i18n.js';
import { h, sendPasted, setStatus } from './dom.js';

const OTHER = { sente: 'gote', gote: 'sente' };

/** How often the page asks what the solver is doing while it waits for an answer, in milliseconds. */
const WATCH_MS = 1000;

/** The time limits offered, in seconds; the server takes 1 to 30. */
const LIMITS = [5, 10, 30];
const DEFAULT_LIMIT = 10;

/** How long a move that is not the solution's stays on the board before it is taken back, in milliseconds. */
const WRONG_MS = 1200;
/** How long the page waits before the defender's reply, in milliseconds, so that the player sees it come. */
const REPLY_MS = 400;

const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

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

/** The side whose turn it is in a problem's SFEN: the attacker. */
function attackerOf(sfen) {
  return sfen.trim().split(/\s+/)[1] === 'w' ? 'gote' : 'sente';
}

/** The mate-problem page. */
export class TsumePage {
  constructor(root) {
    this.root = root;
    this.answer = null; // the server's last answer
    this.sfens = null; // the positions of a mate's solution: element 0 the problem, element i after move i
    this.viewPly = 0;
    this.orientation = 'sente';
    this.trial = null; // the player's own try at the problem, while it lasts (see tryIt)
    this.collectionProblem = null; // the problem in the box when it came from the collection: {id, sfen, plies}
    this.notation = savedNotation();
    document.title = `${t('tsume')} | ${t('appName')}`;
    this.build();
    // A link to a problem (/tsume?sfen=…) fills it in and shows it; it is not solved until asked, so that
    // whoever follows the link can try it first.
    // A link to a problem of the collection (/tsume?problem=…) starts a try at it.
    const params = new URLSearchParams(location.search);
    const shared = params.get('sfen');
    if (shared) {
      this.problem.value = shared;
      this.onEdit();
    } else if (params.get('problem')) {
      this.openProblem(params.get('problem'));
    }
    window.meijin = this; // for the browser tests and for looking around in the console
  }

  /**
   * Keeps the address a link to the problem shown: /tsume?sfen=… (just /tsume when none is), or
   * /tsume?problem=… for a problem of the collection.
   */
  linkTo(sfen) {
    const c = this.collectionProblem;
    const path = c && c.sfen === sfen ? `/tsume?problem=${encodeURIComponent(c.id)}`
      : sfen ? `/tsume?sfen=${encodeURIComponent(sfen)}` : '/tsume';
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
    // Judging as a composition (余詰検討): the other checks along the solution are tried for a mate as well.
    this.checkBox = h('input', { type: 'checkbox', id: 'check', name: 'check' });
    this.statusEl = h('p', { id: 'tsume-status', class: 'status hidden', role: 'status' });
    this.tryButton = h('button', { type: 'button', id: 'try', onclick: () => this.tryIt() }, t('tryIt'));
    const example = h('button', { type: 'button', id: 'example', onclick: () => this.fillExample() }, t('example'));
    const form = h('section', { class: 'panel paste-form' },
      h('div', { class: 'row paste-title' }, h('h1', {}, t('tsume')), h('a', { href: '/', class: 'small', id: 'to-lobby' }, t('back'))),
      h('p', { class: 'small muted' }, t('tsumeIntro')),
      this.problem,
      h('div', { class: 'row paste-actions' },
        h('label', { class: 'row small' }, t('timeLimit'), this.limit),
        h('label', { class: 'row small', title: t('checkHint') }, this.checkBox, t('checkLabel')),
        this.solveButton, this.tryButton, example),
      this.statusEl);
    // Problems to solve from the server's collection, by length: filled in once the server has said which.
    this.collectionEl = h('div', { class: 'row small collection hidden', id: 'collection' });
    form.insertBefore(this.collectionEl, this.statusEl);
    this.loadCollection();
    this.boardEl = h('div', { id: 'board' });
    this.resultEl = h('section', { class: 'panel paste-result tsume-result hidden', id: 'result', 'aria-live': 'polite' });
    this.root.replaceChildren(h('div', { class: 'paste tsume' },
      form, h('section', { class: 'board-col paste-board tsume-board' }, this.boardEl), this.resultEl));
    this.board = new Board(this.boardEl, {
      sfen: EMPTY, movableColor: null, showTurn: false,
      events: {
        move: (orig, dest, promote) => this.trialMove(orig + dest + (promote ? '+' : '')),
        drop: (role, dest) => this.trialMove(`${role}*${dest}`),
      },
    });
    this.showBoard(EMPTY);
    // The arrow keys step through the solution, as on the game page.
    replayKeys(() => this.sfens && { at: this.viewPly, last: this.sfens.length - 1 }, (ply) => this.view(ply));
  }

  /** Offers the collection's lengths, one button each, as the server counts them. */
  async loadCollection() {
    let answer;
    try {
      answer = await api('GET', '/api/problems');
    } catch {
      return; // the page works without: a problem can still be pasted
    }
    const lengths = Object.keys(answer.counts || {}).map(Number).sort((a, b) => a - b);
    if (lengths.length === 0) return;
    this.collectionEl.replaceChildren(h('span', { class: 'muted' }, t('collection')),
      ...lengths.map((n) => h('button', { type: 'button', 'data-plies': String(n), onclick: () => this.pickProblem(n) }, t('mateIn', { n }))));
    this.collectionEl.classList.remove('hidden');
  }

  /** Puts the collection's problem `id` in the box and starts a try; an unknown one is said so. */
  async openProblem(id) {
    let p;
    try {
      p = await api('GET', `/api/problems/${encodeURIComponent(id)}`);
    } catch (e) {
      setStatus(this.statusEl, errorText(e), 'error');
      return;
    }
    this.startCollectionTry(p);
  }

  /** A problem of the collection in the box, and a try at it. */
  startCollectionTry(p) {
    this.problem.value = p.sfen;
    this.onEdit();
    this.collectionProblem = p;
    this.linkTo(p.sfen);
    this.tryIt();
  }

  /** Puts a problem of the collection of `plies` plies in the box (another than the one there) and starts a try. */
  async pickProblem(plies) {
    if (this.solveButton.disabled) return;
    const not = this.collectionProblem ? `&not=${encodeURIComponent(this.collectionProblem.id)}` : '';
    let p;
    try {
      p = await api('GET', `/api/problems/random?plies=${plies}${not}`);
    } catch (e) {
      setStatus(this.statusEl, errorText(e), 'error');
      return;
    }
    this.startCollectionTry(p);
  }

  fillExample() {
    this.problem.value = EXAMPLE;
    this.onEdit();
    this.problem.focus();
  }

  /** The problem's text changed: the answer shown no longer belongs to it; a plain SFEN is shown at once. */
  onEdit() {
    if (this.solveButton.disabled) return; // being solved
    this.trial = null;
    this.collectionProblem = null;
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
    const check = this.checkBox.checked;
    const form = { input: this.problem, button: this.solveButton, status: this.statusEl, empty: t('enterProblem'), busy: t('solving', { s: seconds }) };
    return sendPasted(form, async (problem) => {
      this.seconds = seconds;
      // While the answer is awaited, the solver may be waiting for the engine's games to leave it a turn (its
      // time limit does not run meanwhile): the page asks now and then, and says which.
      const watch = {};
      this.watch = watch;
      const timer = setInterval(() => this.watchSolver(watch, seconds), WATCH_MS);
      try {
        return await api('POST', '/api/mate', { problem, seconds, check });
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
    const key = { waiting: 'solverWaiting', judging: 'solverJudging' }[status.state] || 'solving';
    setStatus(this.statusEl, t(key, { s: seconds }));
  }

  /** Shows an answer of the solver: the problem on the board, and the result with the solution if it mates. */
  show(answer) {
    if (this.answer?.kifUrl) URL.revokeObjectURL(this.answer.kifUrl);
    this.trial = null;
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
      if (a.soundness) parts.push(this.soundnessView(a.soundness, a.leftover));
      if (a.kif) parts.push(this.recordLink(a));
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

  /**
   * The judging as a composition: the verdict, then each cook (余詰) with the ply it replaces, which shows the
   * position it is played in, and the other mates at the last move (最終手余詰), which composers tolerate.
   */
  soundnessView(j, leftover) {
    const text = (m) => (this.notation === 'western' ? m.western : m.ki2);
    const verdict = j.verdict === 'sound' ? 'verdictSound'
      : j.verdict === 'unsound' ? (j.cooks.length > 0 ? 'verdictCooked' : 'verdictLeftover') : 'verdictUndetermined';
    const item = (c, key) => h('li', { 'data-ply': c.ply, onclick: () => this.view(c.ply - 1) },
      t(key, { ply: c.ply, move: text(c), n: c.plies }));
    return h('div', { class: 'soundness', id: 'soundness', 'data-verdict': j.verdict },
      h('h3', {}, t('soundnessTitle')),
      h('p', { class: j.verdict === 'sound' ? 'small' : 'small note', id: 'soundness-verdict' }, t(verdict, { n: leftover })),
      j.cooks.length > 0 ? h('ul', { class: 'small cooks', id: 'cooks' }, j.cooks.map((c) => item(c, 'cookAt'))) : null,
      j.lastMoveAlternatives.length > 0
        ? h('ul', { class: 'small cooks muted', id: 'last-move-alternatives' }, j.lastMoveAlternatives.map((c) => item(c, 'lastMoveAlternative')))
        : null,
      j.complete || j.verdict === 'undetermined' ? null : h('p', { class: 'small muted', id: 'soundness-incomplete' }, t('soundnessIncomplete')));
  }

  /** A link that saves the problem with its solution as a KIF file (UTF-8), written by the server. */
  recordLink(a) {
    if (!a.kifUrl) a.kifUrl = URL.createObjectURL(new Blob([a.kif], { type: 'text/plain;charset=utf-8' }));
    return h('div', { class: 'row small' },
      h('a', { href: a.kifUrl, download: `tsume-${a.plies}.kifu`, id: 'kif-download', class: 'record-link' }, t('saveKif')));
  }

  settings() {
    const notation = notationSelect(this.notation, (n) => { this.notation = n; this.render(); });
    return h('div', { class: 'row small' },
      h('button', { type: 'button', id: 'flip', onclick: () => { this.orientation = OTHER[this.orientation]; this.showBoard(...this.shown); } }, t('flip')),
      h('label', { class: 'row' }, t('notation'), notation),
      h('span', { class: 'muted', id: 'showing' }, this.viewPly === 0 ? t('problemPosition') : t('afterMove', { n: this.viewPly })));
  }

  /**
   * Draws a position with the attacker's and the defender's hands named: read-only, unless `play` (board settings:
   * the movable colour, destinations, drops, check) opens it to the player's moves in a try.
   */
  showBoard(sfen = EMPTY, lastMove = null, play = {}) {
    this.shown = [sfen, lastMove, play];
    const problem = this.trial?.sfen ?? this.sfens?.[0] ?? sfen;
    const attacker = attackerOf(problem);
    const label = (c) => (c === 'sente' ? '☗' : '☖') + t(c === attacker ? 'attacker' : 'defender');
    this.board.set({
      sfen, lastMove, orientation: this.orientation, movableColor: null, dests: {}, dropDests: {}, promotions: {}, check: null,
      showTurn: false, kingNames: { [attacker]: '王', [OTHER[attacker]]: '玉' },
      handLabels: { sente: label('sente'), gote: label('gote') },
      ...play,
    });
  }

  // ---------------------------------------------------------------- solving it yourself

  /**
   * Lets the player solve the problem on the board. The solver is asked for the solution at once, and the page
   * keeps it hidden; the board takes the attacker's moves (the server gives the legal ones, `POST /api/position`),
   * and each is judged: a move that mates solves the problem, the solution's move is answered with the
   * solution's reply, and any other move is taken back (a move that gives no check is named as such). Ends with
   * the problem solved, or when the player asks for the answer.
   */
  async tryIt() {
    if (this.solveButton.disabled) return;
    const text = this.problem.value.trim();
    if (!text) {
      setStatus(this.statusEl, t('enterProblem'), 'error');
      this.problem.focus();
      return;
    }
    const seconds = Number(this.limit.value) || DEFAULT_LIMIT;
    const collection = this.collectionProblem && this.collectionProblem.sfen === text ? this.collectionProblem : null;
    const trial = {
      sfen: null, moves: [], state: null, answer: null, misses: 0, hints: 0, hint: null, busy: true, done: false, message: 'trialYourMove', collection,
    };
    this.trial = trial;
    this.answer = null;
    this.sfens = null;
    setStatus(this.statusEl, null);
    // The solution, kept hidden; a record's problem is known only once the server has read it.
    trial.answered = api('POST', '/api/mate', { problem: text, seconds }).then((a) => {
      trial.answer = a;
      if (this.trial === trial) {
        this.onTrialAnswer(trial);
        if (a.result === 'mate' && !collection) this.judgeTrial(trial, text, seconds);
      }
      return a;
    });
    trial.answered.catch((e) => this.trialFailed(trial, e));
    this.renderTrial();
    try {
      trial.sfen = previewSfen(text) || (await trial.answered).sfen;
      if (this.trial !== trial) return;
      this.orientation = attackerOf(trial.sfen);
      this.linkTo(trial.sfen);
      await this.trialPosition(trial, []);
      // On a narrow screen the board is below the form, and the judging below the board: bring both into view.
      if (this.trial === trial && window.matchMedia('(max-width: 899px)').matches) this.boardEl.scrollIntoView({ block: 'start' });
    } catch (e) {
      this.trialFailed(trial, e);
    }
  }

  /** Ends a try the server refused (a problem it cannot read, a solver too busy): the status line says why. */
  trialFailed(trial, e) {
    if (this.trial !== trial) return;
    this.trial = null;
    this.showBoard(this.shown[0], this.shown[1]); // no longer movable
    this.resultEl.classList.add('hidden');
    this.resultEl.replaceChildren();
    setStatus(this.statusEl, errorText(e), 'error');
  }

  /**
   * Asks for the judging of a pasted problem as a composition once its solution is known (the moves are judged by
   * the solution meanwhile), so that a cook the player finds can be said to mate as well; the collection's
   * problems are sound. Without it (refused, or not settled) a cook is judged as any other move.
   */
  async judgeTrial(trial, text, seconds) {
    let judged;
    try {
      judged = await api('POST', '/api/mate', { problem: text, seconds, check: true });
    } catch {
      return;
    }
    const same = (a, b) => a.length === b.length && a.every((m, i) => m.usi === b[i].usi);
    if (judged.soundness && judged.result === 'mate' && same(judged.moves, trial.answer.moves)) trial.soundness = judged.soundness;
  }

  /** The solver has answered: with no mate found there is nothing to judge moves by, and the answer is shown. */
  onTrialAnswer(trial) {
    if (trial.answer.result !== 'mate') {
      this.show(trial.answer);
      setStatus(this.statusEl, t('trialCannotJudge'));
      return;
    }
    this.renderTrial();
  }

  /** Sets up the position after `moves` from the problem, as the server gives it with its legal moves. */
  async trialPosition(trial, moves) {
    const state = await api('POST', '/api/position', { sfen: trial.sfen, moves });
    if (this.trial !== trial) return;
    trial.moves = moves;
    trial.state = state;
    trial.busy = false;
    this.renderTrial();
  }

  /** Judges the player's move (USI) in the try. */
  async trialMove(usi) {
    const trial = this.trial;
    if (!trial || trial.busy || trial.done || !trial.state) return;
    trial.busy = true;
    trial.hint = null;
    const before = trial.state;
    const ply = trial.moves.length;
    try {
      const after = await api('POST', '/api/position', { sfen: trial.sfen, moves: [...trial.moves, usi] });
      if (this.trial !== trial) return;
      trial.state = after;
      if (!after.check) {
        await this.takeBack(trial, before, 'trialNotCheck');
        return;
      }
      if (!trial.answer) {
        trial.message = 'trialJudging';
        this.renderTrial();
        await trial.answered;
        if (this.trial !== trial) return;
      }
      const solution = trial.answer.moves;
      const last = ply + 1 >= solution.length;
      if (after.checkmate || (usi === solution[ply].usi && last)) {
        // A mate, or the solution's last move (after which only futile interpositions may be left).
        trial.moves = [...trial.moves, usi];
        trial.done = true;
        trial.busy = false;
        trial.message = after.checkmate ? 'trialSolved' : 'trialSolvedFutile';
        this.renderTrial();
        return;
      }
      if (usi !== solution[ply].usi) {
        // Another move that mates as fast (a cook) is no mistake, but the try follows the solution.
        const cook = trial.soundness?.cooks.find((c) => c.ply === ply + 1 && c.usi === usi);
        if (cook) {
          trial.params = { n: cook.plies };
          await this.takeBack(trial, before, 'trialCook', false);
          return;
        }
        await this.takeBack(trial, before, 'trialWrong');
        return;
      }
      trial.moves = [...trial.moves, usi];
      trial.message = 'trialGood';
      this.renderTrial();
      await pause(REPLY_MS);
      if (this.trial !== trial) return;
      trial.message = 'trialNext';
      await this.trialPosition(trial, [...trial.moves, solution[ply + 1].usi]);
    } catch (e) {
      if (this.trial !== trial) return;
      trial.state = before;
      trial.busy = false;
      trial.message = null;
      this.renderTrial();
      setStatus(this.statusEl, errorText(e), 'error');
    }
  }

  /** Shows a move that is not the solution's for a moment, says why, and takes it back; a `miss` is counted. */
  async takeBack(trial, before, why, miss = true) {
    if (miss) trial.misses++;
    trial.message = why;
    this.renderTrial();
    await pause(WRONG_MS);
    if (this.trial !== trial) return;
    trial.state = before;
    trial.busy = false;
    this.renderTrial();
  }

  /** Goes back to the attacker's move before the last one played, or to the problem. */
  trialBack(trial, toStart) {
    if (trial.busy) return;
    const keep = toStart ? 0 : Math.max(0, trial.moves.length - (trial.moves.length % 2 === 0 ? 2 : 1));
    trial.done = false;
    trial.busy = true;
    trial.hint = null;
    trial.message = 'trialYourMove';
    setStatus(this.statusEl, null);
    this.trialPosition(trial, trial.moves.slice(0, keep)).catch((e) => this.trialFailed(trial, e));
  }

  /**
   * Marks the piece the solution moves next, on the board or in hand (a hint, counted); the mark goes with the
   * next move played.
   */
  trialHint(trial) {
    const solution = trial.answer?.moves;
    const ply = trial.moves.length;
    if (trial.busy || trial.done || !solution || ply >= solution.length) return;
    const usi = solution[ply].usi;
    trial.hint = usi[1] === '*' ? usi[0] : usi.slice(0, 2);
    trial.hints++;
    trial.message = usi[1] === '*' ? 'trialHintDrop' : 'trialHintMove';
    this.renderTrial();
  }

  /** Ends the try and shows the solver's answer. */
  async trialAnswer(trial) {
    try {
      this.show(await trial.answered);
    } catch (e) {
      this.trialFailed(trial, e);
    }
  }

  /** Draws the try: the position with the attacker's moves open when it is the player's turn, and the panel. */
  renderTrial() {
    const trial = this.trial;
    if (!trial) return;
    const st = trial.state;
    if (st) {
      const attacker = attackerOf(trial.sfen);
      const mine = !trial.busy && !trial.done && st.turn === attacker;
      const bd = mine ? boardDests(st.dests) : { dests: {}, promotions: {} };
      this.showBoard(st.sfen, st.lastMove ? st.lastMove.usi : null, {
        movableColor: mine ? attacker : null, dests: bd.dests, promotions: bd.promotions,
        dropDests: mine ? st.dropDests || {} : {}, check: st.check, hint: mine ? trial.hint : null,
      });
    }
    const a = trial.answer;
    const plies = a && a.result === 'mate' ? a.plies : trial.collection ? trial.collection.plies : null;
    const title = plies !== null ? t('mateIn', { n: plies }) : t('trialTitle');
    const parts = [h('h2', { id: 'verdict', 'data-result': 'trial' }, title)];
    const message = trial.state ? trial.message : 'trialLoading';
    if (message) {
      parts.push(h('p', { id: 'trial-status', 'data-state': message, class: trial.done ? 'solved' : message === 'trialWrong' || message === 'trialNotCheck' ? 'miss' : '' },
        t(message, trial.params || {})));
    }
    if (trial.collection) parts.push(h('p', { class: 'small muted', id: 'trial-source' }, t('fromCollection', { id: trial.collection.id })));
    if (a && a.exact === false) parts.push(h('p', { class: 'small note', id: 'inexact' }, t('trialInexact')));
    if (trial.misses > 0) parts.push(h('p', { class: 'small muted', id: 'trial-misses' }, t('trialMisses', { n: trial.misses })));
    if (trial.hints > 0) parts.push(h('p', { class: 'small muted', id: 'trial-hints' }, t('trialHints', { n: trial.hints })));
    const played = trial.state ? trial.state.moves.slice(0, trial.moves.length) : [];
    if (played.length > 0) {
      parts.push(h('ol', { class: 'solution', id: 'trial-moves' }, played.map((m) => h('li', { 'data-ply': m.ply },
        h('span', { class: 'ply' }, String(m.ply)), h('span', { class: 'text' }, this.notation === 'western' ? m.western : m.ki2)))));
    }
    parts.push(h('div', { class: 'row small trial-actions' },
      h('button', { type: 'button', id: 'trial-back', disabled: trial.busy || trial.moves.length === 0, onclick: () => this.trialBack(trial, false) }, t('trialBack')),
      h('button', { type: 'button', id: 'trial-restart', disabled: trial.busy || trial.moves.length === 0, onclick: () => this.trialBack(trial, true) }, t('trialRestart')),
      trial.collection
        ? h('button', { type: 'button', id: 'trial-next-problem', class: trial.done ? 'primary' : '', onclick: () => this.pickProblem(trial.collection.plies) },
          t(trial.done ? 'nextProblem' : 'otherProblem'))
        : null,
      h('button', {
        type: 'button', id: 'trial-hint', disabled: trial.busy || trial.done || !a || a.result !== 'mate' || Boolean(trial.hint),
        onclick: () => this.trialHint(trial),
      }, t('trialHint')),
      h('button', { type: 'button', id: 'trial-answer', onclick: () => this.trialAnswer(trial) }, t('trialShowAnswer')),
      h('button', { type: 'button', id: 'flip', onclick: () => { this.orientation = OTHER[this.orientation]; this.showBoard(...this.shown); } }, t('flip'))));
    this.resultEl.replaceChildren(...parts);
    this.resultEl.classList.remove('hidden');
    this.resultEl.dataset.result = 'trial';
  }

}
