// Lays a graph model out left to right with dagre (its ES module build, served from node_modules).

import dagre from './vendor/dagre.esm.js';

/** Heights by node kind: processes carry two lines of text, exported ports and initial packets one. */
const HEIGHTS = { process: 48, inport: 26, outport: 26, initial: 26 };
/** The fonts the stylesheet gives node texts, to measure them before drawing. */
const FONTS = { label: '600 13px system-ui, sans-serif', small: '500 12px system-ui, sans-serif', mono: '11.5px ui-monospace, monospace' };

const context = document.createElement('canvas').getContext('2d');
function textWidth(text, font) {
  context.font = font;
  return context.measureText(text).width;
}

function nodeWidth(node) {
  if (node.kind === 'process') return Math.ceil(Math.max(textWidth(node.label, FONTS.label) + 40, textWidth(node.detail, FONTS.mono) + 28, 110));
  return Math.ceil(Math.max(textWidth(node.label, node.kind === 'initial' ? FONTS.mono : FONTS.small) + 24, 56));
}

// The middle of a polyline, measured along it: where an edge's packet count sits.
function midpoint(points) {
  const lengths = points.slice(1).map((point, i) => Math.hypot(point.x - points[i].x, point.y - points[i].y));
  let left = lengths.reduce((sum, length) => sum + length, 0) / 2;
  for (let i = 0; i < lengths.length; i += 1) {
    if (left <= lengths[i] && lengths[i] > 0) {
      const t = left / lengths[i];
      return { x: points[i].x + (points[i + 1].x - points[i].x) * t, y: points[i].y + (points[i + 1].y - points[i].y) * t };
    }
    left -= lengths[i];
  }
  return points[points.length - 1];
}

/**
 * Positions every node (`x`, `y` of its top-left corner, `width`, `height`) and routes every edge (`points`,
 * and for connections between processes a `label` point where its packet count goes); `width` and `height`
 * are the drawing's size.
 */
export function layoutGraph(model) {
  const graph = new dagre.graphlib.Graph({ multigraph: true });
  graph.setGraph({ rankdir: 'LR', nodesep: 22, edgesep: 12, ranksep: 46, marginx: 16, marginy: 16 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of model.nodes) graph.setNode(node.id, { width: nodeWidth(node), height: HEIGHTS[node.kind] });
  for (const edge of model.edges) graph.setEdge(edge.from, edge.to, {}, edge.id);
  dagre.layout(graph);
  const nodes = model.nodes.map((node) => {
    const { x, y, width, height } = graph.node(node.id);
    return { ...node, x: x - width / 2, y: y - height / 2, width, height };
  });
  const edges = model.edges.map((edge) => {
    const { points } = graph.edge({ v: edge.from, w: edge.to, name: edge.id });
    return { ...edge, points, label: edge.kind === 'connection' ? midpoint(points) : undefined };
  });
  const { width, height } = graph.graph();
  return { nodes, edges, width: Math.max(width, 200), height: Math.max(height, 80) };
}
