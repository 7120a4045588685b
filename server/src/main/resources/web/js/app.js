// Entry point: the top bar (language, sound) and the page for the address: /game/{id}, /tsume, /kifu or the lobby.

import { GamePage } from './game.js';
import { KifuPage } from './kifu.js';
import { LobbyPage } from './lobby.js';
import { TsumePage } from './tsume.js';
import { language, setLanguage, t, translatePage } from './i18n.js';
import { setSoundMode, soundMode } from './sound.js';

function topbar() {
  const lang = document.getElementById('lang');
  lang.textContent = t('language');
  lang.addEventListener('click', () => {
    setLanguage(language() === 'en' ? 'ja' : 'en');
    location.reload();
  });
  const sound = document.getElementById('sound');
  sound.replaceChildren(...[['beep', t('soundBeep')], ['voice', t('soundVoice')], ['off', t('soundOff')]].map(([v, l]) => {
    const o = document.createElement('option');
    o.value = v;
    o.textContent = `♪ ${l}`;
    return o;
  }));
  sound.value = soundMode();
  sound.addEventListener('change', () => setSoundMode(sound.value));
}

setLanguage(language());
translatePage();
topbar();
const root = document.getElementById('app');
const match = location.pathname.match(/^\/game\/([A-Za-z0-9_-]+)\/?$/);
const gameId = match ? match[1] : new URLSearchParams(location.search).get('game');
if (gameId) {
  new GamePage(root, gameId);
} else if (/^\/tsume\/?$/.test(location.pathname)) {
  document.getElementById('nav-tsume').setAttribute('aria-current', 'page');
  new TsumePage(root);
} else if (/^\/kifu\/?$/.test(location.pathname)) {
  document.getElementById('nav-kifu').setAttribute('aria-current', 'page');
  new KifuPage(root);
} else {
  document.getElementById('nav-lobby').setAttribute('aria-current', 'page');
  new LobbyPage(root);
}
