// The game page: board, clocks, move list, actions, result, record downloads and replay. Everything it shows
// about the position comes from the server's `state` and `move` messages (docs/PROTOCOL.md).

import { Board, boardDests } from './board.js';
import { api, rememberColor, rememberSeat, Socket } from './api.js';
import { Clocks } from './clock.js';
import { EvalGraph, qualityMark, qualitySummary } from './graph.js';
import { legalPremove, premoveDests } from './premove.js';
import { keepInView, moveText, notationSelect, positions, replayKeys, savedNotation } from './replay.js';
import { countdown, pieceSound } from './sound.js';
import { errorText, hasString, language, shownName, t } from './i18n.js';
import { rulesName, timeControlText } from './lobby.js';
import { h } from './dom.js';

const OTHER = { sente: 'gote', gote: 'sente' };

/** The page of one game. */
export class GamePage {
  constructor(root, gameId) {
    this.root = root;
    this.id = gameId;
    this.state = null;
    this.viewPly = null; // null: the live position; a number: replaying that ply
    this.orientation = null;
    this.notation = savedNotation();
    this.presence = null;
    this.confirming = null;
    this.socket = null;
    this.build();
    window.meijin = this; // for the browser tests and for looking around in the console
    this.load();
  }

  build() {
    this.root.innerHTML = '';
    this.topPlayer = this.playerBar('top');
    this.bottomPlayer = this.playerBar('bottom');
    this.boardEl = h('div', { id: 'board' });
    this.statusEl = h('div', { id: 'status', class: 'status' }, t('connecting'));
    this.panels = h('div', { class: 'side side-panels' });
    this.root.append(
      h('div', { class: 'game' },
        h('section', { class: 'board-col' }, this.topPlayer.el, this.boardEl, this.bottomPlayer.el),
        h('aside', { class: 'side' }, this.statusEl, this.panels)),
    );
    this.board = new Board(this.boardEl, {
      events: {
        move: (orig, dest, promote) => this.play(orig + dest + (promote ? '+' : '')),
        drop: (role, dest) => this.play(`${role}*${dest}`),
      },
    });
    // A click on the board, or Escape, takes back a move chosen ahead.
    this.boardEl.addEventListener('pointerdown', () => this.cancelPremove(), true);
    document.addEventListener('keydown', (e) => { if (e.key === 'Escape') this.cancelPremove(); });
    this.clocks = new Clocks({ sente: null, gote: null }, (n) => countdown(n, language()));
    // The arrow keys step through the moves.
    replayKeys(() => this.state && { at: this.viewPly === null ? this.state.moves.length : this.viewPly, last: this.state.moves.length },
      (ply) => this.view(ply));
  }

  playerBar(where) {
    const mark = h('span', { class: 'mark' });
    const name = h('span', { class: 'name' });
    const online = h('span', { class: 'online', title: '' });
    const clock = h('div', { class: 'clock', hidden: true });
    const el = h('div', { class: `player player-${where}` }, mark, name, online, clock);
    return { el, mark, name, online, clock };
  }

  async load() {
    try {
      const state = await api('GET', `/api/games/${encodeURIComponent(this.id)}`);
      this.applyState(state);
      this.connect();
    } catch (e) {
      this.showStatus(errorText(e), 'error');
      this.panels.replaceChildren(h('a', { href: '/' }, t('back')));
    }
  }

  connect() {
    if (this.socket) this.socket.close();
    this.socket = new Socket(`/ws/game/${encodeURIComponent(this.id)}`, {
      message: (m) => this.onMessage(m),
      status: (s) => {
        this.connection = s;
        if (s === 'closed') this.showStatus(t('reconnecting'), 'error');
      },
    });
  }

  onMessage(m) {
    switch (m.t) {
      case 'state':
        this.applyState(m);
        if (this.unsent) {
          const msg = this.unsent;
          this.unsent = null;
          if (m.status === 'playing' && m.ply === msg.ply && m.turn === m.you) this.socket.send(msg);
        }
        break;
      case 'move':
        this.applyMove(m);
        break;
      case 'end':
        this.state.outcome = m.outcome;
        this.state.status = m.status;
        this.state.dests = {};
        this.state.dropDests = {};
        if (m.clock) this.state.clock = m.clock;
        if (m.status === 'finished') this.loadAnalysis();
        this.render();
        break;
      case 'takebackOffered':
        this.state.takebackOffer = m.by;
        this.render();
        break;
      case 'impasseOffered':
        this.state.impasseOffer = m.by;
        this.render();
        break;
      case 'impasseDeclined':
        this.state.impasseOffer = null;
        this.render();
        break;
      case 'rematchOffered':
        this.state.rematchOffer = m.by;
        this.render();
        break;
      case 'rematchDeclined':
        if (this.state.rematchOffer === this.state.you && m.by !== this.state.you) this.toast(t('rematchDeclined'));
        this.state.rematchOffer = null;
        this.render();
        break;
      case 'rematch':
        this.state.rematch = m.gameId;
        this.state.rematchOffer = null;
        if (this.state.you) this.goToRematch();
        else this.render();
        break;
      case 'takebackDeclined':
        this.state.takebackOffer = null;
        this.render();
        break;
      case 'presence':
        this.presence = m;
        this.state.players.sente.connected = m.sente;
        this.state.players.gote.connected = m.gote;
        this.render();
        if (this.state.you) {
          const gone = m.goneSinceAt && m.goneSinceAt[OTHER[this.state.you]];
          clearTimeout(this.claimTimer);
          if (gone) this.claimTimer = setTimeout(() => this.render(), Math.max(0, gone + m.claimAfterMs - Date.now()) + 50);
        }
        break;
      case 'error':
        this.toast(errorText(m));
        // A refused move leaves the board as the server last described it.
        this.render();
        break;
      default:
        break;
    }
  }

  applyState(state) {
    // The board turns to the player's seat, also when the seat changes: the creator of a game whose sides
    // furigoma or a draw by lot decides waits in sente's place, and the toss or draw at the join may give it gote.
    const seatChanged = this.state && state.you && state.you !== this.state.you;
    this.state = state;
    this.premove = null;
    this.positionAt = performance.now();
    if (this.orientation === null || seatChanged) this.orientation = state.you || 'sente';
    if (state.you && state.status !== 'waiting') rememberColor(this.id, state.you);
    this.replayCache = null;
    if (state.status === 'finished') this.loadAnalysis();
    if (state.status === 'playing') this.viewPly = null;
    else if (state.status === 'finished' && this.viewPly !== null && this.viewPly > state.moves.length) this.viewPly = null;
    this.render();
  }

  applyMove(m) {
    const s = this.state;
    if (m.ply !== s.moves.length + 1) {
      // A gap means we missed something: ask for the whole state again by reconnecting.
      this.socket.drop();
      return;
    }
    s.moves.push(m.move);
    pieceSound();
    this.positionAt = performance.now();
    s.ply = m.ply;
    s.sfen = m.sfen;
    s.turn = m.turn;
    s.lastMove = m.lastMove;
    s.check = m.check;
    s.dests = m.dests;
    s.dropDests = m.dropDests;
    s.clock = m.clock;
    s.impasse = m.impasse;
    s.abortable = m.abortable;
    s.takebackOffer = null;
    s.impasseOffer = null;
    this.replayCache = null;
    const premove = this.premove;
    this.premove = null;
    this.render();
    if (premove && s.status === 'playing' && s.turn === s.you) {
      // The premove is played at once if the new position allows it, and dropped otherwise.
      const usi = legalPremove(premove, s.dests || {}, s.dropDests || {});
      if (usi) this.play(usi);
    }
  }

  /** Drops the move chosen ahead, if any. */
  cancelPremove() {
    if (!this.premove) return false;
    this.premove = null;
    this.render();
    return true;
  }

  /**
   * The engine's analysis of a finished game (docs/PROTOCOL.md): `GET /api/games/{id}/analysis` reads it, and
   * when the server has none yet the page starts it with a `POST`; the page asks again every two seconds while
   * it runs. A server without the engine answers with an error, and the page then shows no analysis panel.
   */
  async loadAnalysis() {
    if (this.analysisPending || (this.analysis && this.analysis.status === 'done')) return;
    this.analysisPending = true;
    try {
      const url = `/api/games/${encodeURIComponent(this.id)}/analysis`;
      this.analysis = await api('GET', url);
      if (this.analysis.status === 'none') this.analysis = await api('POST', url);
      this.render();
      if (this.analysis.status === 'running') {
        setTimeout(() => { this.analysisPending = false; this.loadAnalysis(); }, 2000);
        return;
      }
    } catch {
      // No engine on this server, or the analysis failed: no panel.
    }
    this.analysisPending = false;
  }

  play(usi) {
    const s = this.state;
    if (s.status === 'playing' && s.you && s.turn !== s.you) {
      this.premove = usi;
      this.render();
      return;
    }
    const msg = { t: 'move', usi, ply: this.state.ply };
    // The player's own thinking time: the server forgives only the rest of the time its clock ran as lag.
    if (this.positionAt !== undefined) msg.ms = Math.max(0, Math.round(performance.now() - this.positionAt));
    const sent = this.socket && this.socket.send(msg);
    if (!sent) {
      // Not connected: the move is sent when the connection is back, if the game is still where it was.
      this.unsent = msg;
      this.toast(t('reconnecting'));
    }
  }

  send(t0) {
    if (!this.socket || !this.socket.send({ t: t0 })) this.toast(t('reconnecting'));
  }

  // ---- rendering ----

  render() {
    const s = this.state;
    if (!s) return;
    document.title = `${this.playerName('sente')} – ${this.playerName('gote')} | ${t('appName')}`;
    const playing = s.status === 'playing';
    const replaying = this.viewPly !== null && this.viewPly !== s.moves.length;
    // 王 for the senior player, 玉 for the other, as the server decides (dev.meijin.server.round.KingCharacters)
    const kingNames = s.kings || { sente: '玉', gote: '王' };
    const sideName = (c) => this.sideName(c);
    // Until the pieces are tossed or the lot drawn no seat has a side: the creator waits in sente's place.
    const handLabels = this.sidesPending() ? { sente: '', gote: '' } : { sente: '☗' + sideName('sente'), gote: '☖' + sideName('gote') };
    if (replaying) {
      const sfens = this.replaySfens();
      const mv = this.viewPly > 0 ? s.moves[this.viewPly - 1].usi : null;
      this.board.set({
        sfen: sfens[this.viewPly], showTurn: false, movableColor: null, dests: {}, dropDests: {}, promotions: {}, check: null,
        lastMove: mv, orientation: this.orientation, kingNames, handLabels,
      });
    } else {
      const myTurn = playing && s.you === s.turn;
      // While the opponent thinks, a move can be chosen ahead (a premove): it is played when the turn comes.
      const ahead = playing && s.you && !myTurn && !this.premove ? premoveDests(s.sfen, s.you) : null;
      const bd = myTurn ? boardDests(s.dests) : ahead || { dests: {}, promotions: {} };
      this.board.set({
        sfen: s.sfen,
        showTurn: playing,
        orientation: this.orientation,
        movableColor: playing ? s.you : null,
        dests: bd.dests,
        promotions: bd.promotions,
        dropDests: myTurn ? s.dropDests || {} : ahead ? ahead.dropDests : {},
        premove: playing ? this.premove : null,
        check: s.check,
        lastMove: s.lastMove ? s.lastMove.usi : null,
        kingNames,
        handLabels,
      });
    }
    const top = OTHER[this.orientation];
    const bottom = this.orientation;
    this.fillPlayer(this.topPlayer, top, sideName(top));
    this.fillPlayer(this.bottomPlayer, bottom, sideName(bottom));
    this.clocks.elements = { [top]: this.topPlayer.clock, [bottom]: this.bottomPlayer.clock };
    this.clocks.counted = playing ? s.you : null;
    const tc = s.timeControl;
    if (s.clock && tc) {
      if (this.lastClock !== s.clock) {
        this.lastClock = s.clock;
        this.clocks.update(playing ? s.clock : { ...s.clock, running: null }, tc);
      } else {
        this.clocks.render();
      }
    } else {
      this.clocks.update(null, null);
    }
    this.renderStatus(sideName);
    this.renderPanels(sideName);
  }

  /**
   * Whether the sides wait for the furigoma toss or the draw by lot, made when the second player takes the seat
   * (docs/PROTOCOL.md).
   */
  sidesPending() {
    const { furigoma: f, lot } = this.state;
    return (!!f && !f.faces) || (!!lot && !lot.creator);
  }

  /** A side's name: 先手 and 後手, or 下手 and 上手 in a handicap game. */
  sideName(color) {
    const handicap = this.state.handicap && this.state.handicap.id !== 'EVEN';
    return handicap ? t(color === 'sente' ? 'shitate' : 'uwate') : t(color);
  }

  playerName(color) {
    const p = this.state.players[color];
    if (!p) return '—';
    // The engine is stored and recorded as "Meijin level N" and shown translated, as in the lobby's lists.
    if (p.kind === 'engine') return p.engineLevel ? t('engineName', { n: p.engineLevel }) : p.name;
    return p.name ? shownName(p.name) : t('anonymous');
  }

  fillPlayer(bar, color, sideLabel) {
    const s = this.state;
    const p = s.players[color];
    bar.el.dataset.color = color;
    bar.mark.textContent = this.sidesPending() ? '' : (color === 'sente' ? '☗' : '☖') + sideLabel;
    // A seat nobody has taken yet (the game waits for an opponent) has no name.
    const open = !p || (s.status === 'waiting' && p.kind === 'human' && !p.name);
    bar.name.textContent = open ? t('openSeat') : this.playerName(color);
    bar.name.classList.toggle('muted', open);
    bar.online.classList.toggle('on', !!(p && (p.kind === 'engine' || p.connected)));
    bar.online.hidden = open;
    bar.el.classList.toggle('to-move', s.status === 'playing' && s.turn === color);
    bar.clock.id = `clock-${color}`;
  }

  renderStatus(sideName) {
    const s = this.state;
    let text;
    let kind = '';
    if (s.outcome) {
      text = this.outcomeText(s.outcome, sideName);
      kind = 'over';
    } else if (s.status === 'waiting') {
      // Nobody is to move yet: the creator waits for an opponent, anyone else sees that a second player is wanted.
      text = s.you ? t('waitingOpponent') : t('waitingSecondPlayer');
    } else if (this.connection === 'closed') {
      text = t('reconnecting');
      kind = 'error';
    } else if (s.you) {
      text = s.turn === s.you ? t('yourTurn') : this.premove ? `${t('theirTurn')} · ${t('premoveChosen')}` : t('theirTurn');
    } else {
      text = `${t('spectating')} · ${t('toMove', { side: sideName(s.turn) })}`;
    }
    if (s.status === 'playing' && this.viewPly !== null && this.viewPly !== s.moves.length) {
      // Looking back during play: say so, since the board does not take moves until the last one is shown.
      text = `${text} · ${t('viewingMove', { n: this.viewPly })}`;
    }
    this.showStatus(text, kind);
    this.statusEl.id = 'status';
    if (s.outcome) this.statusEl.dataset.reason = s.outcome.reason;
  }

  outcomeText(o, sideName) {
    if (o.reason === 'ABORTED') return t('aborted');
    const reasonKey = `reason.${o.reason}`;
    let reason = t(reasonKey) === reasonKey ? (language() === 'en' ? o.reason.toLowerCase() : o.ja) : t(reasonKey);
    // A failed impasse declaration says why it failed (docs/PROTOCOL.md, Outcome.declarationFailure).
    const failure = o.declarationFailure;
    if (failure && hasString(`declarationFailure.${failure.reason}`)) {
      reason = t('declarationFailed', { why: t(`declarationFailure.${failure.reason}`, failure) });
    }
    return o.winner ? t('winsBy', { side: sideName(o.winner), reason }) : t('drawBy', { reason });
  }

  showStatus(text, kind = '') {
    this.statusEl.textContent = text;
    this.statusEl.className = `status ${kind}`;
  }

  renderPanels(sideName) {
    const s = this.state;
    const panels = [];
    if (s.status === 'waiting') {
      // Kept across renders so that typing in them is not interrupted by messages.
      if (s.you) panels.push(this.shareEl ||= this.sharePanel());
      else panels.push(this.joinEl ||= this.joinPanel());
    }
    if (s.furigoma && s.ply === 0) panels.push(this.furigomaPanel(s.furigoma));
    if (s.lot && s.ply === 0) panels.push(this.lotPanel(s.lot));
    if (s.status === 'playing' && s.you) panels.push(this.actionsPanel());
    if (s.status === 'finished' && (s.you || s.rematch)) panels.push(this.rematchPanel());
    // The counts once a king is in the enemy camp or next to it (the server's `impasse.relevant`).
    if (s.impasse && s.impasse.relevant && s.status === 'playing') panels.push(this.impassePanel(sideName));
    panels.push(this.movesPanel());
    panels.push(this.settingsPanel());
    if (s.status === 'finished' && this.analysis) panels.push(this.analysisPanel());
    if (s.status === 'finished' || s.status === 'aborted' || s.moves.length > 0) panels.push(this.recordPanel());
    panels.push(this.infoPanel(sideName));
    const scroll = this.panels.querySelector('.moves')?.scrollTop;
    // Panels kept across renders (the join form) are taken out and put back: someone typing in them keeps
    // the focus and the caret.
    const active = document.activeElement;
    const caret = active && typeof active.selectionStart === 'number' ? [active.selectionStart, active.selectionEnd] : null;
    this.panels.replaceChildren(...panels);
    if (active && active !== document.activeElement && this.panels.contains(active)) {
      active.focus();
      if (caret) active.setSelectionRange(caret[0], caret[1]);
    }
    // The live position shows the list's end (the last move, and the result once there is one); a move looked
    // back at is kept in view, the list otherwise left where the reader scrolled it.
    const list = this.panels.querySelector('.moves');
    if (list) {
      if (this.viewPly === null) {
        list.scrollTop = list.scrollHeight;
      } else {
        if (scroll !== undefined) list.scrollTop = scroll;
        keepInView(list, list.querySelector('li.current'));
      }
    }
  }

  sharePanel() {
    const url = `${location.origin}/game/${this.id}`;
    const input = h('input', { id: 'share-link', value: url, readonly: true, onclick: (e) => e.target.select() });
    return h('div', { class: 'panel' },
      h('p', {}, t('shareLink')),
      h('div', { class: 'row' }, input,
        h('button', { type: 'button', onclick: () => { navigator.clipboard?.writeText(url); this.toast(t('copied')); } }, t('copyLink')),
        this.state.abortable ? h('button', { type: 'button', id: 'abort', class: 'danger', onclick: () => this.send('abort') }, t('cancel')) : null));
  }

  joinPanel() {
    const name = h('input', { id: 'join-name', maxlength: 32, value: localStorage.getItem('meijin.name') || '', placeholder: t('yourName') });
    const join = async () => {
      try {
        const nm = name.value.trim();
        if (nm) localStorage.setItem('meijin.name', nm);
        const seat = await api('POST', `/api/games/${encodeURIComponent(this.id)}/join`, { name: nm || null });
        rememberSeat(seat);
        this.orientation = seat.color;
        this.connect(); // a new connection so the socket picks up the seat's cookie
      } catch (e) {
        this.toast(errorText(e));
      }
    };
    return h('div', { class: 'panel' },
      h('div', { class: 'row' }, name, h('button', { type: 'button', id: 'join', class: 'primary', onclick: join }, t('accept'))));
  }

  furigomaPanel(f) {
    if (!f.faces) {
      // Not tossed yet: the pieces are tossed when the second player takes the seat.
      return h('div', { class: 'panel', id: 'furigoma-pending' },
        h('h2', {}, t('furigoma')), h('p', { class: 'small' }, t('furigomaPending')));
    }
    const pawns = f.faces.filter((x) => x === 'PAWN').length;
    const first = f.tosserMovesFirst ? f.tosser : OTHER[f.tosser];
    const row = h('div', { class: 'furigoma', id: 'furigoma' });
    for (const face of f.faces) {
      const holder = h('span', { class: 'furigoma-piece', 'data-face': face });
      holder.innerHTML = pieceSvg(face === 'PAWN' ? 'P' : '+P');
      row.append(holder);
    }
    return h('div', { class: 'panel' },
      h('h2', {}, t('furigoma')), row,
      h('p', { class: 'small' }, t('furigomaResult', { n: pawns, name: this.playerName(first) })));
  }

  lotPanel(lot) {
    // Not drawn yet: who gives the handicap is drawn when the second player takes the seat.
    const text = lot.creator ? t('lotResult', { name: this.playerName('gote') }) : t('lotPending');
    return h('div', { class: 'panel', id: lot.creator ? 'lot' : 'lot-pending' }, h('h2', {}, t('lot')), h('p', { class: 'small' }, text));
  }

  actionsPanel() {
    const s = this.state;
    const myTurn = s.turn === s.you;
    const buttons = [];
    if (this.confirming === 'resign') {
      buttons.push(h('span', {}, t('confirmResign')),
        h('button', { type: 'button', id: 'resign-yes', class: 'danger', onclick: () => { this.confirming = null; this.send('resign'); } }, t('yes')),
        h('button', { type: 'button', id: 'resign-no', onclick: () => { this.confirming = null; this.render(); } }, t('no')));
    } else if (this.confirming === 'declare') {
      buttons.push(h('span', {}, t('confirmDeclare')),
        h('button', { type: 'button', id: 'declare-yes', class: 'danger', onclick: () => { this.confirming = null; this.send('declare'); } }, t('yes')),
        h('button', { type: 'button', id: 'declare-no', onclick: () => { this.confirming = null; this.render(); } }, t('no')));
    } else {
      buttons.push(h('button', { type: 'button', id: 'resign', class: 'danger', onclick: () => { this.confirming = 'resign'; this.render(); } }, t('resign')));
      const agreement = !!(s.rules && s.rules.impasse === 'AGREEMENT_24');
      if (agreement && s.impasse && s.impasse.sente.canDeclare && !s.impasseOffer) {
        // Professional rules: with both kings in the enemy camp either player may propose an impasse (持将棋).
        buttons.push(h('button', { type: 'button', id: 'impasse-offer', onclick: () => this.send('impasseOffer') }, t('offerImpasse')));
      }
      if (s.impasse && !agreement && s.impasse[s.you] && s.impasse[s.you].kingNearZone) {
        // Offered once the player's king is in the enemy camp or next to it, as the server judges (a declaration
        // needs the king entered); it stands out when the declaration would win now.
        const stands = !!(s.impasse[s.you] && s.impasse[s.you].canDeclare);
        buttons.push(h('button', { type: 'button', id: 'declare', class: stands ? 'primary' : '', 'data-stands': String(stands), disabled: !myTurn,
          onclick: () => { this.confirming = 'declare'; this.render(); } }, t('declare')));
      }
      if (s.rules && s.rules.takebacks && !s.takebackOffer && this.hasMoved()) {
        buttons.push(h('button', { type: 'button', id: 'takeback-offer', onclick: () => this.send('takebackOffer') }, t('offerTakeback')));
      }
      if (s.abortable) buttons.push(h('button', { type: 'button', id: 'abort', onclick: () => this.send('abort') }, t('abort')));
      if (this.canClaim()) buttons.push(h('button', { type: 'button', id: 'claim', class: 'primary', onclick: () => this.send('claimWin') }, t('claimWin')));
    }
    const extra = [];
    // A pending proposal (a takeback, an impasse): the opponent's with accept and decline, one's own with cancel.
    const proposal = (by, kind, acceptLabel) => {
      if (by && by !== s.you) {
        extra.push(h('div', { class: 'row', id: `${kind}-request` }, h('span', {}, t(`${kind}Request`)),
          h('button', { type: 'button', id: `${kind}-accept`, class: 'primary', onclick: () => this.send(`${kind}Accept`) }, t(acceptLabel)),
          h('button', { type: 'button', id: `${kind}-decline`, onclick: () => this.send(`${kind}Decline`) }, t('decline'))));
      } else if (by === s.you) {
        extra.push(h('div', { class: 'row' }, h('span', {}, t(`${kind}Offered`)),
          h('button', { type: 'button', id: `${kind}-withdraw`, onclick: () => this.send(`${kind}Decline`) }, t('cancel'))));
      }
    };
    proposal(s.takebackOffer, 'takeback', 'allow');
    proposal(s.impasseOffer, 'impasse', 'accept');
    const opp = s.players[OTHER[s.you]];
    if (opp && opp.kind === 'human' && !opp.connected) extra.push(h('p', { class: 'small muted' }, t('opponentGone')));
    return h('div', { class: 'panel actions' }, h('div', { class: 'row' }, buttons), extra);
  }

  /**
   * After a finished game: a player offers, accepts, declines or withdraws a rematch (the same terms, sides
   * changed in an even game); someone watching gets a link to the rematch once it exists.
   */
  rematchPanel() {
    const s = this.state;
    const request = (method) => async () => {
      try {
        const answer = await api(method, `/api/games/${encodeURIComponent(this.id)}/rematch`);
        if (answer && answer.gameId) this.enterRematch(answer);
      } catch (e) {
        this.toast(errorText(e));
      }
    };
    let row;
    if (!s.you) {
      row = h('a', { id: 'rematch-link', href: `/game/${encodeURIComponent(s.rematch)}` }, t('watchRematch'));
    } else if (s.rematch) {
      row = h('button', { type: 'button', id: 'rematch', class: 'primary', onclick: () => this.goToRematch() }, t('rematch'));
    } else if (s.rematchOffer === s.you) {
      row = [h('span', {}, t('rematchOffered')),
        h('button', { type: 'button', id: 'rematch-withdraw', onclick: request('DELETE') }, t('cancel'))];
    } else if (s.rematchOffer) {
      row = [h('span', {}, t('rematchRequest')),
        h('button', { type: 'button', id: 'rematch-accept', class: 'primary', onclick: request('POST') }, t('accept')),
        h('button', { type: 'button', id: 'rematch-decline', onclick: request('DELETE') }, t('decline'))];
    } else {
      row = h('button', { type: 'button', id: 'rematch', class: 'primary', onclick: request('POST') }, t('rematch'));
    }
    return h('div', { class: 'panel rematch' }, h('div', { class: 'row' }, row));
  }

  /** Asks for this player's seat in the rematch that now exists, then opens it. */
  async goToRematch() {
    if (this.rematching) return;
    this.rematching = true;
    try {
      this.enterRematch(await api('POST', `/api/games/${encodeURIComponent(this.id)}/rematch`));
    } catch (e) {
      this.rematching = false;
      this.toast(errorText(e));
    }
  }

  enterRematch(seat) {
    this.rematching = true;
    rememberSeat(seat);
    location.assign(seat.url);
  }

  canClaim() {
    const p = this.presence;
    const s = this.state;
    if (!p || !s.you) return false;
    const gone = p.goneSinceAt && p.goneSinceAt[OTHER[s.you]];
    return !!gone && Date.now() - gone >= p.claimAfterMs;
  }

  impassePanel(sideName) {
    const im = this.state.impasse;
    // A row stands out only when its side's declaration would stand now; under professional rules, once both kings
    // have entered (an impasse can be proposed), when its side has the 24 points not to lose it.
    const agreement = !!(this.state.rules && this.state.rules.impasse === 'AGREEMENT_24');
    const good = (c) => im[c].canDeclare && (!agreement || im[c].points >= im[c].needed);
    const row = (c) => h('tr', { 'data-color': c, class: good(c) ? 'can-declare' : '' },
      h('th', {}, (c === 'sente' ? '☗' : '☖') + sideName(c)),
      h('td', { class: 'points' }, `${im[c].points} / ${im[c].needed}`),
      h('td', {}, im[c].kingInZone ? '✓' : '✗'),
      h('td', {}, String(im[c].piecesInZone)));
    return h('div', { class: 'panel impasse-count', id: 'impasse' },
      h('table', {},
        h('tr', {}, h('th', {}, ''), h('th', {}, t('impassePoints')), h('th', {}, t('kingInZone')), h('th', {}, t('piecesInZone'))),
        row('sente'), row('gote')));
  }

  /** The side that moved first: the side to move of the initial SFEN (gote, the giver, in a handicap game). */
  firstMover() {
    return this.state.initialSfen && this.state.initialSfen.split(' ')[1] === 'w' ? 'gote' : 'sente';
  }

  /** Whether the player has made a move of their own, the one a takeback would take back. */
  hasMoved() {
    return this.state.moves.length >= (this.firstMover() === this.state.you ? 1 : 2);
  }

  movesPanel() {
    const s = this.state;
    const list = h('ol', { class: 'moves', id: 'moves' });
    const current = this.viewPly === null ? s.moves.length : this.viewPly;
    const first = this.firstMover();
    s.moves.forEach((m, i) => {
      const mover = i % 2 === 0 ? first : OTHER[first];
      const text = moveText(m, mover, this.notation);
      const time = m.timeMs === null || m.timeMs === undefined ? '' : formatTime(m.timeMs);
      const graded = this.analysis && this.analysis.plies && this.analysis.plies[m.ply];
      list.append(h('li', { 'data-ply': m.ply, class: m.ply === current ? 'current' : '', onclick: () => this.view(m.ply) },
        h('span', { class: 'ply' }, String(m.ply)), h('span', { class: 'text' }, text),
        graded ? qualityMark(graded.quality) : null, h('span', { class: 'time' }, time)));
    });
    if (s.outcome && s.outcome.reason !== 'ABORTED') {
      list.append(h('li', { class: 'special', id: 'result' }, h('span', { class: 'ply' }, ''), h('span', {}, this.outcomeText(s.outcome, (c) => t(c)))));
    }
    const nav = h('div', { class: 'replay-nav' },
      h('button', { type: 'button', id: 'nav-first', title: t('first'), onclick: () => this.view(0) }, '«'),
      h('button', { type: 'button', id: 'nav-prev', title: t('prev'), onclick: () => this.view(Math.max(0, current - 1)) }, '‹'),
      h('button', { type: 'button', id: 'nav-next', title: t('next'), onclick: () => this.view(Math.min(s.moves.length, current + 1)) }, '›'),
      h('button', { type: 'button', id: 'nav-last', title: t('last'), onclick: () => this.view(s.moves.length) }, '»'));
    if (s.moves.length === 0 && !s.outcome) list.append(h('li', { class: 'empty' }, t('noMoves')));
    // Once the game is over, the position shown can be taken to the mate solver (never while it is played).
    const mateLink = s.outcome && s.moves.length > 0
      ? h('a', { id: 'mate-link', class: 'small', href: `/tsume?sfen=${encodeURIComponent(this.replaySfens()[current])}`, target: '_blank', rel: 'noopener' },
        t('findMate'))
      : null;
    return h('div', { class: 'panel moves-panel' }, list, s.moves.length > 0 ? nav : null, mateLink);
  }

  /** Shows the position after `ply` moves; the last ply returns to the live position. */
  view(ply) {
    this.viewPly = ply >= this.state.moves.length ? null : ply;
    this.render();
  }

  replaySfens() {
    if (!this.replayCache) this.replayCache = positions(this.state.initialSfen, this.state.moves.map((m) => m.usi));
    return this.replayCache;
  }

  analysisPanel() {
    const a = this.analysis;
    const body = [];
    if (a.status === 'running') body.push(h('p', { class: 'small muted', id: 'analysing' }, t('analysing')));
    if (a.plies && a.plies.length > 0) {
      this.graphEl ||= h('div', { id: 'eval-graph' });
      this.graph ||= new EvalGraph(this.graphEl, (ply) => this.view(ply), () => ({ sente: '☗' + this.sideName('sente'), gote: '☖' + this.sideName('gote') }));
      this.graph.set(a.plies, this.viewPly === null ? this.state.moves.length : this.viewPly);
      body.push(this.graphEl);
      body.push(qualitySummary(a.plies, this.firstMover(), (c) => (c === 'sente' ? '☗' : '☖') + this.sideName(c)));
    }
    return h('div', { class: 'panel', id: 'analysis' }, h('h2', {}, t('analysis')), body);
  }

  settingsPanel() {
    const notation = notationSelect(this.notation, (n) => { this.notation = n; this.render(); });
    return h('div', { class: 'panel row' },
      h('button', { type: 'button', id: 'flip', onclick: () => { this.orientation = OTHER[this.orientation]; this.render(); } }, t('flip')),
      h('label', { class: 'row small' }, t('notation'), notation));
  }

  recordPanel() {
    const links = ['kif', 'ki2', 'csa', 'jkf', 'sfen'].map((f) =>
      h('a', { href: `/api/games/${encodeURIComponent(this.id)}/record?format=${f}`, download: '', class: 'record-link', 'data-format': f }, f.toUpperCase()));
    return h('div', { class: 'panel' }, h('h2', {}, t('download')), h('div', { class: 'row' }, links));
  }

  infoPanel(sideName) {
    const s = this.state;
    const lang = language();
    const items = [
      s.handicap ? (lang === 'en' ? s.handicap.en : s.handicap.ja) : null,
      timeControlText(s.timeControl),
      s.rules ? rulesName(s.rules.name) : null,
    ].filter(Boolean);
    return h('div', { class: 'panel small muted', id: 'info' }, items.join(' · '));
  }

  toast(text) {
    document.querySelectorAll('.toast').forEach((n) => n.remove());
    const n = h('div', { class: 'toast', role: 'status' }, text);
    document.body.append(n);
    setTimeout(() => n.remove(), 3500);
  }
}

/**
 * A move's thinking time in whole seconds, the fraction dropped as the KIF record writes it: under a minute in the
 * page's language (59秒, 59s), from a minute as minutes and seconds (75.9 s is 1:15).
 */
function formatTime(ms) {
  const s = Math.floor(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` : t('moveSeconds', { s });
}

/** A small standalone SVG of one piece, for the furigoma display. */
function pieceSvg(role) {
  const promoted = role.startsWith('+');
  return `<svg viewBox="-30 -32 60 64" class="mini-piece"><polygon points="0,-26 19,-17 25,26 -25,26 -19,-17" class="piece-body" fill="#f6d99c" stroke="#5b3b18"/>`
    + `<text x="0" y="4" font-size="26" text-anchor="middle" dominant-baseline="central" class="piece-text" ${promoted ? 'fill="#c4161c"' : ''}>${promoted ? 'と' : '歩'}</text></svg>`;
}
