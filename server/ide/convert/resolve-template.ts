import { type Catalogue } from '../../engine';
import { type ConversionIssue } from './conversion-issue';
import { type IdeNode } from './ide-graph';
import { templateTableOf } from './templates';

/**
 * Names of the boundary nodes the IDE's MCP helper writes into subgraphs (`metadata.type` only), with the
 * template each stands for.
 */
const TEMPLATE_ALIASES: Readonly<Record<string, string>> = {
  'subgraph-input': 'graph_input',
  'subgraph-output': 'graph_output',
};

/** A node's template: the id it resolves to, and the name the node gave (an alias such as `subgraph-input`, or the id itself). */
export interface ResolvedTemplate {
  readonly templateId: string;
  readonly givenAs: string;
}

/** The outcome of resolving a node's template. */
export type ResolveTemplateOutcome = { ok: true; template: ResolvedTemplate } | { ok: false; issue: ConversionIssue };

/** Tells whether an id names a template: one of the IDE's, one the catalogue has an actor for, or an alias. */
function isKnownTemplateId(id: string, catalogue: Catalogue): boolean {
  const resolved = TEMPLATE_ALIASES[id] ?? id;
  return templateTableOf(catalogue).find(resolved) !== undefined || catalogue.has(resolved);
}

/**
 * Finds a node's template by the IDE format's rule: `templateId` (kept even when unknown, so it is
 * reported as unsupported), else `type` when it is a known template id; anything else is an issue.
 */
export function resolveTemplate(node: IdeNode, catalogue: Catalogue): ResolveTemplateOutcome {
  const given = node.template.explicit ?? node.template.types.find((type) => isKnownTemplateId(type.value, catalogue));
  if (given !== undefined) {
    return { ok: true, template: { templateId: TEMPLATE_ALIASES[given.value] ?? given.value, givenAs: given.value } };
  }
  return { ok: false, issue: { path: node.template.path, message: missingTemplateMessage(node, catalogue) } };
}

function missingTemplateMessage(node: IdeNode, catalogue: Catalogue): string {
  const type = node.template.types[0]?.value;
  if (type === undefined) return `Node '${node.id}' names no template: it has neither a template id nor a type`;
  const family = templateTableOf(catalogue)
    .templates.filter((template) => template.type === type)
    .map((template) => template.id);
  const shown = family.length > 4 ? `${family.slice(0, 4).join(', ')}, ...` : family.join(', ');
  const hint = family.length > 0 ? ` ('${type}' is the type of ${family.length} template(s): ${shown})` : '';
  return `Node '${node.id}' has no template id, and its type '${type}' is not a template id${hint}`;
}
