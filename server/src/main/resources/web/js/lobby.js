// The lobby: create a game, the seeks waiting for an opponent (live), games being played, a player's games.

import { api, heldSeats, rememberColor, rememberSeat, Socket } from './api.js';
import { ANONYMOUS, errorText, isAnonymous, language, shownName, t } from './i18n.js';
import { h } from './dom.js';

/**
 * The handicaps of dev.meijin.core.game.Handicap, by id, with their Japanese names and their English names as the
 * server sends them (dev.meijin.server.round.Views.englishName: "Rook handicap", not the bare piece name).
 */
export const HANDICAPS = [
  ['EVEN', '平手', 'Even'], ['LANCE', '香落ち', 'Lance handicap'], ['RIGHT_LANCE', '右香落ち', 'Right lance handicap'],
  ['BISHOP', '角落ち', 'Bishop handicap'], ['ROOK', '飛車落ち', 'Rook handicap'], ['ROOK_LANCE', '飛香落ち', 'Rook and lance handicap'],
  ['TWO_PIECE', '二枚落ち', 'Two-piece handicap'], ['THREE_PIECE', '三枚落ち', 'Three-piece handicap'],
  ['FOUR_PIECE', '四枚落ち', 'Four-piece handicap'], ['FIVE_PIECE', '五枚落ち', 'Five-piece handicap'],
  ['LEFT_FIVE_PIECE', '左五枚落ち', 'Left five-piece handicap'], ['SIX_PIECE', '六枚落ち', 'Six-piece handicap'],
  ['LEFT_SEVEN_PIECE', '左七枚落ち', 'Left seven-piece handicap'], ['RIGHT_SEVEN_PIECE', '右七枚落ち', 'Right seven-piece handicap'],
  ['EIGHT_PIECE', '八枚落ち', 'Eight-piece handicap'], ['NINE_PIECE', '九枚落ち', 'Nine-piece handicap'], ['TEN_PIECE', '十枚落ち', 'Ten-piece handicap'],
  ['THREE_PAWNS', '歩三兵', 'Three pawns handicap'], ['NAKED_KING', '裸玉', 'Naked king handicap'], ['DRAGONFLY', 'トンボ', 'Dragonfly handicap'],
  ['TWO_LANCES', '両香落ち', 'Two lances handicap'],
];

/** The rule sets of the server (docs/PROTOCOL.md `rules`), with their Japanese and English names. */
export const RULES = [['csa', 'CSA (27点)', 'CSA (27 points)'], ['amateur', '24点法', '24 points'], ['try', 'トライルール', 'Try rule'],
  ['casual', '練習（待ったあり）', 'Friendly (takebacks)'], ['professional', 'プロ公式', 'Professional']];

function select(id, options, value) {
  const s = h('select', { id, name: id }, options.map(([v, label]) => h('option', { value: v }, label)));
  if (value !== undefined) s.value = value;
  return s;
}

function field(label, control) {
  return h('label', { class: 'field' }, label, control);
}

/** The name of a rule set in the interface language; an unknown id is shown as it is. */
export function rulesName(id) {
  const row = RULES.find((x) => x[0] === id);
  return row ? row[language() === 'en' ? 2 : 1] : id;
}

/** A time control (docs/PROTOCOL.md `timeControl`, null when unlimited) in the interface language. */
export function timeControlText(tc) {
  return tc ? (language() === 'en' ? tc.en : tc.ja) : t('tcUnlimited');
}

function handicapName(id) {
  const row = HANDICAPS.find((x) => x[0] === id);
  return row ? row[language() === 'en' ? 2 : 1] : id;
}

/**
 * What the person who accepts a seek plays (docs/PROTOCOL.md, GameSummary): the colour its creator left, as 先手 or
 * 後手 in an even game, or 振り駒 when furigoma decides (the pieces are tossed when the seek is accepted), and as 上手
 * or 下手 in a handicap game, where the giver (上手, gote) moves first, or 抽選 when a draw by lot decides (drawn when
 * the seek is accepted).
 */
function accepterSide(s) {
  const sente = s.creator !== 'sente';
  if (s.lot) return t('seekLot');
  if (s.handicap !== 'EVEN') return t(sente ? 'seekShitate' : 'seekUwate');
  if (s.furigoma) return t('seekFurigoma');
  return t(sente ? 'seekSente' : 'seekGote');
}

/**
 * The fields of each kind of time control in the lobby form, with their ranges (docs/PROTOCOL.md, CreateGame:
 * main time up to 600 minutes; byoyomi and increment up to 600 s, from 1 s when their kind is chosen; 1–10 periods).
 */
const TC_FIELDS = {
  byoyomi: [['mainMinutes', 0, 600], ['byoyomiSeconds', 1, 600], ['periods', 1, 10]],
  fischer: [['mainMinutes', 0, 600], ['incrementSeconds', 1, 600]],
  sudden: [['mainMinutes', 0, 600]],
  unlimited: [],
};

/**
 * Reads the time control of the lobby form and checks it before anything is sent, so that a mistake is said in
 * the page's language and next to its field: each field shown must be a whole number in its range, and sudden
 * death or an increment needs some main time (the server refuses the same, in English).
 *
 * @param {string} kind byoyomi, fischer, sudden or unlimited
 * @param {Object<string, HTMLInputElement>} inputs the form's inputs by id
 * @returns {{timeControl: Object?}|{field: HTMLInputElement, message: string}} the time control to send (null when
 *     unlimited), or the field that is wrong and what is wrong with it
 */
export function readTimeControl(kind, inputs) {
  const v = {};
  for (const [id, min, max] of TC_FIELDS[kind]) {
    const input = inputs[id];
    const text = input.value.trim();
    const n = Number(text);
    const field = t(id);
    if (text === '' || input.validity.badInput || !Number.isInteger(n)) return { field: input, message: t('formWholeNumber', { field }) };
    if (n < min || n > max) return { field: input, message: t('formRange', { field, min, max }) };
    v[id] = n;
  }
  if (kind === 'unlimited') return { timeControl: null };
  if ((kind === 'sudden' || kind === 'fischer') && v.mainMinutes === 0) {
    return { field: inputs.mainMinutes, message: t('formNeedsMainTime', { kind: t(kind === 'sudden' ? 'tcSuddenDeath' : 'tcFischer') }) };
  }
  return {
    timeControl: {
      mainSeconds: v.mainMinutes * 60,
      byoyomiSeconds: v.byoyomiSeconds || 0,
      periods: v.periods || 0,
      incrementSeconds: v.incrementSeconds || 0,
    },
  };
}

/**
 * The name shown for a seat of a listed game (docs/PROTOCOL.md, GameSummary): the engine's translated name, as on
 * the game page, or the player's name; null for a free seat.
 */
function seatName(g, color) {
  if (g.engineColor === color && g.engineLevel) return t('engineName', { n: g.engineLevel });
  return g[color] && shownName(g[color]);
}

/** The lobby page. */
export class LobbyPage {
  constructor(root) {
    this.root = root;
    this.seeks = new Map();
    const params = new URLSearchParams(location.search);
    this.player = params.get('player');
    this.build();
    this.socket = new Socket('/ws/lobby', { message: (m) => this.onMessage(m), status: () => {} });
    this.refresh();
    this.timer = setInterval(() => this.refresh(), 10000);
    window.meijin = this;
  }

  build() {
    const name = h('input', { id: 'name', maxlength: 32, value: localStorage.getItem('meijin.name') || '', placeholder: t('anonymous') });
    name.addEventListener('change', () => { localStorage.setItem('meijin.name', name.value.trim()); this.refresh(); });
    this.nameInput = name;
    const opponent = select('opponent', [['human', t('vsPerson')], ['engine', t('vsEngine')]]);
    const level = select('engineLevel', [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [String(n), t('level', { n })]), '3');
    const tcKind = select('tcKind', [['byoyomi', t('tcByoyomi')], ['fischer', t('tcFischer')], ['sudden', t('tcSuddenDeath')], ['unlimited', t('tcUnlimited')]]);
    const main = h('input', { id: 'mainMinutes', type: 'number', min: 0, max: 600, value: 10 });
    const byo = h('input', { id: 'byoyomiSeconds', type: 'number', min: 1, max: 600, value: 30 });
    const periods = h('input', { id: 'periods', type: 'number', min: 1, max: 10, value: 1 });
    const inc = h('input', { id: 'incrementSeconds', type: 'number', min: 1, max: 600, value: 10 });
    const handicap = select('handicap', HANDICAPS.map(([id, ja, en]) => [id, language() === 'en' ? en : ja]));
    const side = select('side', []);
    const rules = select('rules', RULES.map(([id, ja, en]) => [id, language() === 'en' ? en : ja]));
    const lobby = h('input', { id: 'postSeek', type: 'checkbox', checked: true });
    const fields = {
      level: field(t('engineLevel'), level), main: field(t('mainMinutes'), main), byo: field(t('byoyomiSeconds'), byo),
      periods: field(t('periods'), periods), inc: field(t('incrementSeconds'), inc),
      lobby: h('label', { class: 'row small' }, lobby, t('postSeek')),
    };
    let wasEven = null;
    const sync = () => {
      const even = handicap.value === 'EVEN';
      const keep = side.value;
      side.replaceChildren(...(even
        ? [['random', t('sideFurigoma')], ['sente', t('sideSente')], ['gote', t('sideGote')]]
        : [['sente', t('sideShitate')], ['gote', t('sideUwate')], ['random', t('sideLot')]]).map(([v, l]) => h('option', { value: v }, l)));
      // "random" is furigoma in an even game and a draw by lot in a handicap game: not carried from one to the other.
      if ((keep !== 'random' || even === wasEven) && [...side.options].some((o) => o.value === keep)) side.value = keep;
      wasEven = even;
      const engine = opponent.value === 'engine';
      fields.level.hidden = !engine;
      fields.lobby.hidden = engine;
      const k = tcKind.value;
      fields.main.hidden = k === 'unlimited';
      fields.byo.hidden = k !== 'byoyomi';
      fields.periods.hidden = k !== 'byoyomi';
      fields.inc.hidden = k !== 'fischer';
    };
    [opponent, tcKind, handicap].forEach((s) => s.addEventListener('change', sync));
    sync();
    this.error = h('p', { class: 'status error hidden', id: 'create-error' });
    const create = async (e) => {
      e.preventDefault();
      this.error.classList.add('hidden');
      [main, byo, periods, inc].forEach((input) => input.removeAttribute('aria-invalid'));
      const read = readTimeControl(tcKind.value, { mainMinutes: main, byoyomiSeconds: byo, periods, incrementSeconds: inc });
      if (read.field) {
        read.field.setAttribute('aria-invalid', 'true');
        read.field.focus();
        this.error.textContent = read.message;
        this.error.classList.remove('hidden');
        return;
      }
      const tc = read.timeControl;
      const body = {
        name: name.value.trim() || null, // the server stores its default name, the same in every language
        opponent: opponent.value,
        engineLevel: opponent.value === 'engine' ? Number(level.value) : null,
        handicap: handicap.value,
        side: side.value,
        rules: rules.value,
        timeControl: tc,
        lobby: opponent.value === 'human' && lobby.checked,
      };
      try {
        if (name.value.trim()) localStorage.setItem('meijin.name', name.value.trim());
        const seat = await api('POST', '/api/games', body);
        rememberSeat(seat);
        location.href = seat.url;
      } catch (err) {
        this.error.textContent = errorText(err);
        this.error.classList.remove('hidden');
      }
    };
    // The form checks its fields itself (readTimeControl), in the page's language rather than the browser's.
    const form = h('form', { id: 'create-form', novalidate: true, onsubmit: create },
      h('div', { class: 'form-grid' },
        field(t('yourName'), name), field(t('opponent'), opponent), fields.level, field(t('handicap'), handicap),
        field(t('side'), side), field(t('rules'), rules), field(t('tcKind'), tcKind),
        fields.main, fields.byo, fields.periods, fields.inc),
      h('div', { class: 'row', style: 'margin-top:.6rem' }, fields.lobby, h('button', { type: 'submit', id: 'create', class: 'primary' }, t('create'))),
      this.error);
    this.seekBody = h('tbody', { id: 'seeks' });
    this.liveBody = h('tbody', { id: 'live-games' });
    this.mineBody = h('tbody', { id: 'player-games' });
    const search = h('input', { id: 'player-search', placeholder: t('yourName'), value: this.player || localStorage.getItem('meijin.name') || '' });
    search.addEventListener('change', () => { this.player = search.value.trim() || null; this.refresh(); });
    this.mineTitle = h('h2', {});
    this.root.replaceChildren(h('div', { class: 'lobby' },
      h('section', { class: 'panel wide' }, h('h2', {}, t('newGame')), form),
      h('section', { class: 'panel' }, h('h2', {}, t('seeks')), this.table(this.seekBody, [t('players'), t('handicap'), t('seekYouPlay'), t('rules'), t('timeControl'), ''])),
      h('section', { class: 'panel' }, h('h2', {}, t('liveGames')),
        this.table(this.liveBody, [t('players'), t('handicap'), t('timeControl'), t('moves'), ''])),
      h('section', { class: 'panel wide' }, h('div', { class: 'row' }, this.mineTitle, search),
        this.table(this.mineBody, [t('players'), t('handicap'), t('timeControl'), t('moves'), t('result')]))));
  }

  table(body, heads) {
    return h('table', { class: 'list' }, h('thead', {}, h('tr', {}, heads.map((x) => h('th', {}, x)))), body);
  }

  onMessage(m) {
    if (m.t === 'lobby') {
      this.seeks = new Map(m.seeks.map((s) => [s.id, s]));
    } else if (m.t === 'seekAdded') {
      this.seeks.set(m.seek.id, m.seek);
    } else if (m.t === 'seekRemoved') {
      this.seeks.delete(m.id);
    } else {
      return;
    }
    this.renderSeeks();
  }

  renderSeeks() {
    const rows = [...this.seeks.values()].map((s) => h('tr', { 'data-game': s.id },
      h('td', { class: 'players' }, seatName(s, s.creator) || t('anonymous')),
      h('td', { class: 'handicap' }, handicapName(s.handicap)),
      h('td', { class: 'seek-side', 'data-label': t('seekYouPlay') }, accepterSide(s)),
      h('td', { class: 'rules' }, rulesName(s.rules)),
      h('td', { class: 'time-control' }, timeControlText(s.timeControl)),
      h('td', { class: 'action' }, h('button', { type: 'button', class: 'primary seek-accept', onclick: () => this.accept(s.id) }, t('accept')))));
    this.seekBody.replaceChildren(...(rows.length ? rows : [h('tr', {}, h('td', { colspan: 6, class: 'empty' }, t('noSeeks')))]));
  }

  async accept(id) {
    try {
      const seat = await api('POST', `/api/games/${encodeURIComponent(id)}/join`, { name: this.nameInput.value.trim() || null });
      rememberSeat(seat);
      location.href = seat.url;
    } catch (err) {
      this.error.textContent = errorText(err);
      this.error.classList.remove('hidden');
    }
  }

  gameRow(g, last) {
    // A game whose toss or draw waits has no sides yet: its creator, who waits in sente's place, and the free seat.
    const players = (g.furigoma || g.lot) && g.status === 'waiting' ? `${seatName(g, g.creator) || t('anonymous')} – …`
      : `☗${seatName(g, 'sente') || '…'} – ☖${seatName(g, 'gote') || '…'}`;
    return h('tr', { class: 'clickable', 'data-game': g.id, onclick: () => { location.href = `/game/${g.id}`; } },
      h('td', { class: 'players' }, players), h('td', {}, handicapName(g.handicap)), h('td', {}, timeControlText(g.timeControl)),
      h('td', { class: 'ply', 'data-label': t('moves') }, String(g.ply)), h('td', { class: typeof last === 'string' ? '' : 'action' }, last));
  }

  async refresh() {
    try {
      const live = await api('GET', '/api/games?status=playing&limit=50');
      const rows = live.games.map((g) => this.gameRow(g, h('a', { href: `/game/${g.id}` }, t('watch'))));
      this.liveBody.replaceChildren(...(rows.length ? rows : [h('tr', {}, h('td', { colspan: 5, class: 'empty' }, t('noLiveGames')))]));
    } catch {
      // The list stays as it was; the next refresh tries again.
    }
    const own = localStorage.getItem('meijin.name') || null;
    // Another player's games when a name other than one's own is searched; else one's own games.
    const other = this.player && this.player !== own ? this.player : null;
    // The default name is looked up as stored (the same in every language), whichever language it is typed in.
    const stored = (name) => (name && isAnonymous(name) ? ANONYMOUS : name);
    this.mineTitle.textContent = other ? t('playerGames', { name: shownName(stored(other)) }) : t('myGames');
    try {
      const games = other ? await this.gamesOf(stored(other)) : await this.ownGames(own);
      const rows = games.map(({ g, color }) => this.gameRow(g, g.outcome ? resultFor(g, color)
        : t(g.status === 'waiting' ? 'statusWaiting' : 'statusPlaying')));
      this.mineBody.replaceChildren(...(rows.length ? rows : [h('tr', {}, h('td', { colspan: 5, class: 'empty' }, t('noGames')))]));
    } catch {
      // As above.
    }
  }

  /** The games of a player by name, each with the colour that player played (null when both seats have the name). */
  async gamesOf(name) {
    const list = await api('GET', `/api/games?player=${encodeURIComponent(name)}&limit=50`);
    return list.games.map((g) => ({ g, color: colorOf(g, name) }));
  }

  /**
   * One's own games: those whose seats this browser holds (`meijin.seats`, kept when a game is created, joined or
   * rematched; asked for by id, so that a player without a name finds them too) and, with a name that is not the
   * default, the games played under it on other browsers; newest first, at most 50.
   */
  async ownGames(name) {
    const seats = heldSeats().slice(0, 50);
    const byId = new Map();
    if (seats.length) {
      const colors = new Map(seats.map((s) => [s.gameId, s.color]));
      const held = await api('GET', `/api/games?ids=${seats.map((s) => encodeURIComponent(s.gameId)).join(',')}&limit=50`);
      // A seat taken before its furigoma toss or draw by lot has no colour until the game has started: its game's state says it
      // (the seat's cookie goes with the request), once.
      await Promise.all(held.games.filter((g) => !colors.get(g.id) && g.status !== 'waiting').map(async (g) => {
        try {
          const st = await api('GET', `/api/games/${encodeURIComponent(g.id)}`);
          if (st.you) {
            colors.set(g.id, st.you);
            rememberColor(g.id, st.you);
          }
        } catch {
          // Not known this time: the game is listed as a spectator sees it.
        }
      }));
      held.games.forEach((g) => byId.set(g.id, { g, color: colors.get(g.id) }));
    }
    if (name && !isAnonymous(name)) {
      (await this.gamesOf(name)).forEach((x) => { if (!byId.has(x.g.id)) byId.set(x.g.id, x); });
    }
    return [...byId.values()].sort((a, b) => b.g.createdAt - a.g.createdAt || (a.g.id < b.g.id ? -1 : 1)).slice(0, 50);
  }
}

/** The colour a named player played in a game, or null when both seats or neither have the name. */
function colorOf(g, name) {
  return g.sente === name && g.gote !== name ? 'sente' : g.gote === name && g.sente !== name ? 'gote' : null;
}

/** A finished game's result as the player of `mine` sees it (won or lost), or as a spectator would (`mine` null). */
function resultFor(g, mine) {
  const o = g.outcome;
  if (!mine || o.reason === 'ABORTED') return outcomeShort(o);
  const reason = t(`reason.${o.reason}`);
  if (!o.winner) return t('drawBy', { reason });
  return t(o.winner === mine ? 'wonBy' : 'lostBy', { reason });
}

function outcomeShort(o) {
  const reason = t(`reason.${o.reason}`);
  if (o.reason === 'ABORTED') return t('aborted');
  return o.winner ? t('winsBy', { side: t(o.winner), reason }) : t('drawBy', { reason });
}
