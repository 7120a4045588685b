// The last-ten-seconds countdown: a short beep each second (WebAudio) or the number spoken, or nothing.

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
