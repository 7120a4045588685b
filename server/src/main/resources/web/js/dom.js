// Building page elements: h('button', {class: 'primary', onclick: f}, 'Solve') makes the element, sets its class,
// listeners and attributes (true gives an empty attribute; null, undefined and false leave it out) and appends
// the children (nodes or text; arrays are flattened, null, undefined and false skipped).

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
