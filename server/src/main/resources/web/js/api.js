// Talking to the server: JSON over HTTP and the game and lobby WebSockets (docs/PROTOCOL.md).

/**
 * An error answer of the server: `code` is the protocol's error code, `message` its explanation, and `problem`
 * what is wrong with a refused record (its kind, place, quoted text and rule), or undefined.
 */
export class ApiError extends Error {
  constructor(status, code, message, problem) {
    super(message);
    this.status = status;
    this.code = code;
    this.problem = problem;
  }
}

/** Sends a request and returns the parsed JSON answer, or throws an {@link ApiError}. */
export async function api(method, path, body) {
  const init = { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, 'network', String(e.message || e));
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = data && data.error ? data.error : { code: 'http_' + res.status, message: text || res.statusText };
    throw new ApiError(res.status, err.code, err.message, err.problem);
  }
  return data;
}

/** The seats this browser holds, remembered so the lobby can list "my games": gameId → {color, secret}. */
const SEATS_KEY = 'meijin.seats';

export function rememberSeat(seat) {
  const seats = JSON.parse(localStorage.getItem(SEATS_KEY) || '{}');
  seats[seat.gameId] = { color: seat.color, secret: seat.secret, at: Date.now() };
  localStorage.setItem(SEATS_KEY, JSON.stringify(seats));
}

/**
 * Remembers the colour of a seat this browser holds once it is known: the creator of a game whose sides furigoma
 * or a draw by lot decides has none until the second player sits and the pieces are tossed or the lot is drawn
 * (`Seat.color` is null until then).
 */
export function rememberColor(gameId, color) {
  const seats = JSON.parse(localStorage.getItem(SEATS_KEY) || '{}');
  if (!seats[gameId] || seats[gameId].color === color) return;
  seats[gameId].color = color;
  localStorage.setItem(SEATS_KEY, JSON.stringify(seats));
}

export function seatFor(gameId) {
  const seats = JSON.parse(localStorage.getItem(SEATS_KEY) || '{}');
  return seats[gameId] || null;
}

/** The seats this browser holds, the most recently taken first: [{gameId, color, at}] (color null until a toss or a draw gives it). */
export function heldSeats() {
  const seats = JSON.parse(localStorage.getItem(SEATS_KEY) || '{}');
  return Object.entries(seats).map(([gameId, s]) => ({ gameId, color: s.color, at: s.at || 0 })).sort((a, b) => b.at - a.at);
}

/**
 * A WebSocket that reconnects by itself with a growing delay (the server sends a fresh `state` on each
 * connection, which is the whole resume protocol) and pings every 20 seconds.
 */
export class Socket {
  /**
   * @param {string} path e.g. '/ws/game/k3x9q2mz'
   * @param {{message: function(Object): void, status: function(string): void}} handlers
   */
  constructor(path, handlers) {
    this.path = path;
    this.handlers = handlers;
    this.delay = 500;
    this.closed = false;
    this.ws = null;
    this.pingN = 0;
    this.connect();
    this.pinger = setInterval(() => this.send({ t: 'ping', n: ++this.pingN }), 20000);
  }

  connect() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}${this.path}`);
    this.ws = ws;
    this.handlers.status('connecting');
    ws.onopen = () => {
      this.delay = 500;
      this.handlers.status('open');
    };
    ws.onmessage = (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      this.handlers.message(msg);
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.handlers.status('closed');
      setTimeout(() => { if (!this.closed) this.connect(); }, this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }

  /** Sends a message if connected; returns whether it was sent. */
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  /** Drops the connection on purpose (used by tests through the page, and when leaving the page). */
  drop() {
    if (this.ws) this.ws.close();
  }

  close() {
    this.closed = true;
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
  }
}
