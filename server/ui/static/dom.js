// Small helpers that build DOM and SVG elements without innerHTML, so no text from the API is ever read as markup.

const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(element, attributes, children) {
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') element.setAttribute('class', value);
    else if (name === 'text') element.textContent = value;
    else if (name.startsWith('on') && typeof value === 'function') element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Creates an HTML element with attributes (`text` sets its text, `on<event>` adds a listener) and children. */
export function h(tag, attributes, ...children) {
  return fill(document.createElement(tag), attributes, children);
}

/** Creates an SVG element with attributes and children. */
export function svg(tag, attributes, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attributes, children);
}

/** Formats an ISO time as the local date and time, to the second. */
export function formatTime(iso) {
  if (!iso) return '-';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** Formats the time between two ISO times (the second defaults to now) as "850 ms", "12.4 s" or "3 min 5 s". */
export function formatDuration(startIso, endIso) {
  if (!startIso) return '-';
  const ms = (endIso ? Date.parse(endIso) : Date.now()) - Date.parse(startIso);
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** JSON of a value, cut to `max` characters with an ellipsis, for one-line previews. */
export function preview(value, max = 80) {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
