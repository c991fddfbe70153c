// Draws a laid-out graph as SVG and shows node states and packet counts as events arrive.

import { svg } from './dom.js';

const STATE_LABELS = { idle: 'not run', running: 'running', completed: 'completed', failed: 'failed', cancelled: 'stopped' };

// A smooth path through dagre's points: straight to each midpoint, curving around the bends.
function pathOf(points) {
  let d = `M${points[0].x},${points[0].y}`;
  for (let i = 1; i < points.length - 1; i += 1) {
    const mid = { x: (points[i].x + points[i + 1].x) / 2, y: (points[i].y + points[i + 1].y) / 2 };
    d += ` Q${points[i].x},${points[i].y} ${mid.x},${mid.y}`;
  }
  const last = points[points.length - 1];
  return `${d} L${last.x},${last.y}`;
}

/** How a tooltip names a process: its title with its id in brackets, or its id alone. */
const processName = (node) => (node.title ? `${node.title} [${node.id}]` : node.id);

/** The drawing of one execution's graph, in an `<svg>` inside `container`. */
export class GraphView {
  #container;
  #nodes = new Map();
  #edges = new Map();

  constructor(container) {
    this.#container = container;
  }

  /** Replaces the drawing with a new layout; every node starts idle. */
  draw(layout) {
    this.#nodes.clear();
    this.#edges.clear();
    const marker = svg(
      'marker',
      { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
      svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow-head' }),
    );
    const root = svg(
      'svg',
      {
        class: 'graph',
        width: layout.width,
        height: layout.height,
        viewBox: `0 0 ${layout.width} ${layout.height}`,
        role: 'img',
        'aria-label': 'Execution graph',
      },
      svg('defs', {}, marker),
    );
    for (const edge of layout.edges) root.append(this.#drawEdge(edge));
    for (const node of layout.nodes) root.append(this.#drawNode(node));
    // A graph is shrunk to fit the panel, but not below 60 %: a larger one keeps readable text and scrolls.
    root.classList.toggle('graph-wide', layout.width * 0.6 > this.#container.clientWidth);
    this.#container.replaceChildren(root);
  }

  #drawEdge(edge) {
    const group = svg('g', { class: `edge edge-${edge.kind}`, 'data-edge': edge.id }, svg('path', { d: pathOf(edge.points), 'marker-end': 'url(#arrow)' }));
    if (edge.label) {
      const count = svg('text', { x: edge.label.x, y: edge.label.y + 4, 'text-anchor': 'middle', text: '0' });
      const box = svg('rect', { y: edge.label.y - 8, height: 16, rx: 8 });
      const pill = svg('g', { class: 'edge-count', hidden: true }, box, count);
      group.append(pill);
      this.#edges.set(edge.id, { group, pill, box, count, center: edge.label.x, packets: 0 });
    }
    return group;
  }

  #drawNode(node) {
    const title = svg('title', { text: node.kind === 'process' ? `${processName(node)} (${node.detail})` : `${node.detail}: ${node.label}` });
    const group = svg(
      'g',
      { class: `node node-${node.kind} state-idle`, 'data-node': node.id, 'data-state': 'idle', transform: `translate(${node.x},${node.y})` },
      title,
    );
    group.append(svg('rect', { class: 'node-box', width: node.width, height: node.height, rx: node.kind === 'process' ? 8 : node.height / 2 }));
    if (node.kind === 'process') {
      group.append(svg('rect', { class: 'node-stripe', width: 5, height: node.height - 12, x: 0, y: 6, rx: 2 }));
      group.append(svg('text', { class: 'node-label', x: 16, y: 21, text: node.label }));
      group.append(svg('text', { class: 'node-detail', x: 16, y: 38, text: node.detail }));
      const firings = svg('text', { class: 'node-firings', x: node.width - 10, y: 21, 'text-anchor': 'end' });
      this.#nodes.set(node.id, { group, title, firings, node });
      group.append(firings);
    } else {
      group.append(svg('text', { class: 'node-label', x: node.width / 2, y: node.height / 2 + 4, 'text-anchor': 'middle', text: node.label }));
      this.#nodes.set(node.id, { group, title, node });
    }
    return group;
  }

  /** Shows a node's state (`{state, firings, error}`): its colour, its firing count and its tooltip. */
  setNodeState(id, { state, firings = 0, error }) {
    const entry = this.#nodes.get(id);
    if (!entry) return;
    entry.group.setAttribute('class', `node node-${entry.node.kind} state-${state}`);
    entry.group.setAttribute('data-state', state);
    if (entry.firings) entry.firings.textContent = firings > 1 ? `×${firings}` : '';
    if (entry.node.kind === 'process') {
      entry.title.textContent = `${processName(entry.node)} (${entry.node.detail}): ${STATE_LABELS[state]}${firings ? `, fired ${firings}×` : ''}${error ? `\n${error}` : ''}`;
    }
  }

  /** Counts one packet on a connection and lights it up for a moment. */
  countPacket(edgeId) {
    const edge = this.#edges.get(edgeId);
    if (!edge) return;
    edge.packets += 1;
    edge.count.textContent = String(edge.packets);
    // The pill grows with the count's digits, so that short edges keep their arrow heads visible.
    const width = 12 + 6.5 * edge.count.textContent.length;
    edge.box.setAttribute('x', String(edge.center - width / 2));
    edge.box.setAttribute('width', String(width));
    edge.pill.removeAttribute('hidden');
    // Two classes with the same animation take turns, so each packet restarts it without forcing a layout.
    const [on, off] = edge.packets % 2 ? ['flash-a', 'flash-b'] : ['flash-b', 'flash-a'];
    edge.group.classList.remove(off);
    edge.group.classList.add(on);
  }
}
