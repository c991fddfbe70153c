import { type ConversionIssue } from './conversion-issue';
import { engineGraphNodes } from './engine-graph-nodes';
import { type IdeConversion } from './ide-conversion';

/**
 * Turns each template id a conversion lists as unsupported into an issue naming it and the nodes that use
 * it, placed at the first of them in the submitted workflow; running such a workflow is refused with these.
 */
export function unsupportedActorIssues(conversion: IdeConversion): ConversionIssue[] {
  const nodes = engineGraphNodes(conversion.engine_graph);
  return conversion.unsupported_actors.map((templateId) => {
    const users = nodes.filter((node) => node.component === templateId);
    const names = users.map((node) => `'${node.qualifiedId}'`).join(', ');
    return {
      path: users[0]?.sourcePath ?? '',
      message: `No actor runs template '${templateId}' (used by node${users.length === 1 ? '' : 's'} ${names})`,
    };
  });
}
