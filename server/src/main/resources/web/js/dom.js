// Building page elements: h('button', {class: 'primary', onclick: f}, 'Solve') makes the element, sets its class,
// listeners and attributes (true gives an empty attribute; null, undefined and false leave it out) and appends
// the children (nodes or text; arrays are flattened, null, undefined and false skipped). And the status line and
// the sending of the pages where a text is pasted for the server to answer.

import { errorText } from './i18n.js';

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c !== null && c !== undefined && c !== false) node.append(c instanceof Node ? c : String(c));
  }
  return node;
}

/** Shows a message in a status line (kind '' for news, 'error' for a failure); a null text hides the line. */
export function setStatus(el, text, kind = '') {
  el.textContent = text ?? '';
  el.className = text === null ? 'status hidden' : `status ${kind}`;
}

/**
 * Sends the text pasted into a form's box. An empty box is refused with `empty` in the status line; while the
 * request runs the box is read-only, the button disabled and the status line says `busy`; the answer goes to
 * `done`, and a refusal to the status line.
 *
 * @param {{input: HTMLTextAreaElement, button: HTMLButtonElement, status: HTMLElement, empty: string, busy: string}} form
 * @param {function(string): Promise<Object>} request sends the text
 * @param {function(Object): void} done shows the answer
 */
export async function sendPasted(form, request, done) {
  if (form.button.disabled) return;
  const text = form.input.value.trim();
  if (!text) {
    setStatus(form.status, form.empty, 'error');
    form.input.focus();
    return;
  }
  form.button.disabled = true;
  form.input.readOnly = true;
  setStatus(form.status, form.busy);
  try {
    const answer = await request(text);
    setStatus(form.status, null);
    done(answer);
  } catch (e) {
    setStatus(form.status, errorText(e), 'error');
  } finally {
    form.button.disabled = false;
    form.input.readOnly = false;
  }
}
