import { type Catalogue } from '../sdk/catalogue';
import { type Graph, type GraphNode, SUBGRAPH_COMPONENT } from './graph';
import { type GraphIssue } from './graph-issue';
import { nodeLabel } from './node-label';

/** The `UNKNOWN_COMPONENT` issue of a node whose component the catalogue lacks. */
export function unknownComponentIssue(node: GraphNode, qualifiedId: string): GraphIssue {
  return {
    code: 'UNKNOWN_COMPONENT',
    path: `${node.path}.component`,
    nodeId: qualifiedId,
    component: node.component,
    message: `Node '${nodeLabel(qualifiedId, node.metadata)}' uses component '${node.component}', which the catalogue does not have`,
  };
}

/**
 * An issue for every node, inner graphs included, whose component the catalogue lacks: for a graph whose shape
 * problems stop validation, so that a client still learns every component it would have to install or rename.
 */
export function unknownComponents(graph: Graph, catalogue: Catalogue, idPrefix = ''): GraphIssue[] {
  return graph.nodes.flatMap((node) => {
    const qualifiedId = idPrefix + node.id;
    if (node.component !== SUBGRAPH_COMPONENT) return catalogue.has(node.component) ? [] : [unknownComponentIssue(node, qualifiedId)];
    return node.subgraph === undefined ? [] : unknownComponents(node.subgraph, catalogue, `${qualifiedId}/`);
  });
}
