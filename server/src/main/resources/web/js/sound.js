// Sounds of the game page: a piece placed on the board (駒音) for every move, and the last-ten-seconds countdown:
// a short beep each second (WebAudio) or the number spoken. 'off' silences both.

const MODE_KEY = 'meijin.sound';
let ctx = null;

/** 'beep', 'voice' or 'off'. */
export function soundMode() {
  return localStorage.getItem(MODE_KEY) || 'beep';
}

export function setSoundMode(mode) {
  localStorage.setItem(MODE_KEY, mode);
}

/** Browsers allow audio only after a user gesture: the first click or key press opens the audio context. */
export function unlockAudio() {
  if (ctx || !window.AudioContext) return;
  try {
    ctx = new AudioContext();
  } catch {
    ctx = null;
  }
}
window.addEventListener('pointerdown', unlockAudio, { once: true, capture: true });
window.addEventListener('keydown', unlockAudio, { once: true, capture: true });

/** Counts one second of the last ten: `seconds` left (10 … 1). */
export function countdown(seconds, lang) {
  const mode = soundMode();
  window.meijinCountdown = (window.meijinCountdown || []);
  window.meijinCountdown.push(seconds);
  if (mode === 'off') return;
  if (mode === 'voice' && window.speechSynthesis) {
    const u = new SpeechSynthesisUtterance(String(seconds));
    u.lang = lang === 'en' ? 'en-US' : 'ja-JP';
    u.rate = 1.3;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(u);
    return;
  }
  beep(seconds <= 3 ? 1320 : 880, 0.09);
}

/**
 * The sound of a piece placed on the board (駒音): a short knock of filtered noise, unless sound is off. The
 * page counts the moves it sounded for in `window.meijinMoveSounds`.
 */
export function pieceSound() {
  window.meijinMoveSounds = (window.meijinMoveSounds || 0) + 1;
  if (soundMode() === 'off' || !ctx) return;
  const length = Math.floor(ctx.sampleRate * 0.06);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / length, 4);
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = 1400;
  filter.Q.value = 1.2;
  const gain = ctx.createGain();
  gain.gain.value = 0.6;
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start();
}

/** A short sine tone. */
export function beep(frequency, seconds) {
  if (!ctx) return;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'sine';
  osc.frequency.value = frequency;
  const t0 = ctx.currentTime;
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(0.25, t0 + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + seconds);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + seconds + 0.02);
}
