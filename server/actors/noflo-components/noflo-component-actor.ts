import type * as noflo from 'noflo';
import { type AnyActorDefinition, defineActor } from '../../engine';
import { type NofloComponentSource, NofloNode, type NofloNodeState } from './noflo-node';
import { inPortSpecsOf, outPortSpecsOf } from './noflo-port-specs';

/**
 * The actor of a NoFlo component: named as NoFlo graphs name it (`strings/SplitStr`), with the ports, datatypes and
 * description of `sample` (an instance loaded at start-up). Each node makes its own instance through NoFlo's
 * loader at its first firing and keeps it for the run; cancelling or ending the run shuts it down.
 */
export function createNofloComponentActor(source: NofloComponentSource, sample: noflo.Component): AnyActorDefinition {
  return defineActor<Record<string, never>, string, string, NofloNodeState>({
    id: source.name,
    title: source.name.split('/')[1],
    description: sample.description || `NoFlo component ${source.name}`,
    inports: inPortSpecsOf(sample),
    outports: outPortSpecsOf(sample),
    // The component's state lives in its instance (a kept setting, a buffered packet): only running every firing
    // again rebuilds it when a run resumes, so firings are not journaled. See docs/decisions.md.
    effects: 'none',
    createState: () => ({}),
    async fire(context) {
      context.state.node ??= await NofloNode.start(source, context);
      await context.state.node.fire(context);
    },
    dispose: async (state) => {
      await state.node?.shutdown();
    },
  });
}
