import { type AnyActorDefinition, type Catalogue } from '../engine';
import { ideFactsOf } from '../ide';
import { type JsonObject } from '../../model';
import { type FbpMessage } from './protocol-message';

// Font Awesome icons (the set FBP tools draw) by the IDE's node type of an actor.
const ICONS: Readonly<Record<string, string>> = {
  math: 'calculator',
  'number-input': 'sign-in',
  'range-input': 'sliders',
  'text-input': 'i-cursor',
  'graph-io': 'plug',
  condition: 'code-fork',
  control: 'random',
  datetime: 'clock-o',
  script: 'code',
  http: 'globe',
  graphql: 'globe',
  rpc: 'globe',
  transformer: 'exchange',
  parser: 'file-text-o',
  reader: 'table',
  text: 'font',
};

/** The answer to `component:list`: one `component:component` per catalogue actor, then `componentsready` with their count. */
export function componentMessages(catalogue: Catalogue): FbpMessage[] {
  const components = catalogue.list().map((definition): FbpMessage => ({ protocol: 'component', command: 'component', payload: componentPayload(definition) }));
  return [...components, { protocol: 'component', command: 'componentsready', payload: components.length }];
}

function componentPayload(definition: AnyActorDefinition): JsonObject {
  const port = (id: string, spec: { description?: string; required?: boolean; addressable?: boolean }): JsonObject => ({
    id,
    type: 'all',
    required: spec.required ?? false,
    addressable: spec.addressable ?? false,
    ...(spec.description === undefined ? {} : { description: spec.description }),
  });
  const description = definition.description ?? definition.title;
  return {
    name: definition.id,
    ...(description === undefined ? {} : { description }),
    icon: ICONS[ideFactsOf(definition.id)?.type ?? ''] ?? (definition.id.startsWith('core/') ? 'cog' : 'cube'),
    subgraph: false,
    inPorts: Object.entries(definition.inports).map(([id, spec]) => port(id, spec)),
    outPorts: Object.entries(definition.outports).map(([id, spec]) => port(id, spec)),
  };
}
