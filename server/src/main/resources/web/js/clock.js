// The two clocks. The server sends a reading with every move; between readings the running side is counted
// down here from the moment the reading arrived, so the display never drifts from the server by more than
// the time one message takes.

import { t } from './i18n.js';

/**
 * What a clock shows `elapsed` ms after a reading: main time, else the current byoyomi period.
 *
 * @param {{mainMs: number, byoyomiMs: number, periods: number, inByoyomi: boolean}} side
 * @param {{byoyomiMs: number}|null} tc the game's time control
 * @param {number} elapsed ms since the reading, 0 for a stopped clock
 * @returns {{mainMs: number, inByoyomi: boolean, byoyomiMs: number, periods: number}}
 */
export function clockAt(side, tc, elapsed) {
  let main = side.inByoyomi ? 0 : side.mainMs - elapsed;
  if (main > 0 || !tc || tc.byoyomiMs <= 0) {
    return { mainMs: Math.max(0, main), inByoyomi: false, byoyomiMs: side.byoyomiMs, periods: side.periods };
  }
  const overflow = side.inByoyomi ? elapsed : -main;
  let remaining = side.byoyomiMs - overflow;
  let periods = side.periods;
  while (remaining <= 0 && periods > 1) {
    periods--;
    remaining += tc.byoyomiMs;
  }
  return { mainMs: 0, inByoyomi: true, byoyomiMs: Math.max(0, remaining), periods: remaining > 0 ? periods : 0 };
}

function formatMain(ms) {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The clock displays of both sides, ticking the running one. */
export class Clocks {
  /**
   * @param {{sente: HTMLElement, gote: HTMLElement}} elements
   * @param {function(number): void} onCount called with 10 … 1 in the last ten seconds of the clock `counted` names
   */
  constructor(elements, onCount) {
    this.elements = elements;
    this.onCount = onCount;
    this.clock = null;
    this.tc = null;
    this.receivedAt = 0;
    this.counted = null; // the colour whose last seconds are counted aloud
    this.lastCount = null;
    this.timer = setInterval(() => this.render(), 100);
  }

  /** A new reading from the server; `tc` is the game's time control or null for an unlimited game. */
  update(clock, tc) {
    this.clock = clock;
    this.tc = tc;
    this.receivedAt = performance.now();
    this.lastCount = null;
    this.render();
  }

  /** Stops counting (the game is over); the last reading stays on display. */
  freeze() {
    if (this.clock) {
      const elapsed = performance.now() - this.receivedAt;
      const running = this.clock.running;
      if (running) {
        const now = clockAt(this.clock[running], this.tc, elapsed);
        this.clock = { ...this.clock, [running]: { ...this.clock[running], ...now }, running: null };
      }
    }
    this.render();
  }

  render() {
    for (const color of ['sente', 'gote']) {
      const node = this.elements[color];
      if (!node) continue;
      if (!this.clock || !this.tc) {
        node.hidden = true;
        continue;
      }
      node.hidden = false;
      const running = this.clock.running === color;
      const now = clockAt(this.clock[color], this.tc, running ? performance.now() - this.receivedAt : 0);
      const big = now.inByoyomi ? String(Math.ceil(now.byoyomiMs / 1000)) : formatMain(now.mainMs);
      let small = '';
      if (this.tc.byoyomiMs > 0) {
        // With more than one period, the periods left are always said, ×1 in the last.
        small = t('byoyomiShort', { s: Math.ceil(this.tc.byoyomiMs / 1000) }) + (this.tc.periods > 1 ? ' ' + t('periodsLeft', { n: now.periods }) : '');
      } else if (this.tc.incrementMs > 0) {
        small = t('incrementShort', { s: Math.round(this.tc.incrementMs / 1000) });
      }
      const left = now.inByoyomi ? now.byoyomiMs : now.mainMs;
      const finalPhase = now.inByoyomi || this.tc.byoyomiMs <= 0;
      node.classList.toggle('running', running);
      node.classList.toggle('low', running && finalPhase && left <= 10000);
      node.dataset.ms = String(Math.round(left));
      node.dataset.byoyomi = String(now.inByoyomi);
      node.dataset.periods = String(now.periods);
      const mainSpan = node.querySelector('.main') || node.appendChild(Object.assign(document.createElement('span'), { className: 'main' }));
      const byoSpan = node.querySelector('.byo') || node.appendChild(Object.assign(document.createElement('span'), { className: 'byo' }));
      mainSpan.textContent = big;
      byoSpan.textContent = small;
      if (running && finalPhase && color === this.counted && left > 0 && left <= 10000) {
        const n = Math.ceil(left / 1000);
        if (n !== this.lastCount) {
          this.lastCount = n;
          this.onCount(n);
        }
      }
    }
  }

  destroy() {
    clearInterval(this.timer);
  }
}
