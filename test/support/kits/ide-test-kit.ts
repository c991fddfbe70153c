import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { type AnyActorDefinition, type Catalogue, type JsonObject, createCatalogue, defineActor } from '../../../server/engine';
import { findIdeTemplate } from '../../../server/ide';

const GRAPH_PORTS: Readonly<Record<string, AnyActorDefinition['graphPort']>> = {
  graph_input: { direction: 'in', nameKey: 'inputName', defaultName: 'input' },
  graph_output: { direction: 'out', nameKey: 'outputName', defaultName: 'output' },
};

/**
 * A catalogue for tests of the conversion: one inert actor per listed IDE template id, declaring that
 * template's ports (and, for graph_input/graph_output, their subgraph port).
 */
export function createTestCatalogue(templateIds: readonly string[]): Catalogue {
  return createCatalogue(
    templateIds.map((id) => {
      const template = findIdeTemplate(id);
      if (template === undefined) throw new Error(`No IDE template '${id}' to build a test actor from`);
      return defineActor({
        id,
        inports: Object.fromEntries(template.inputs.map((port) => [port, {}])),
        outports: Object.fromEntries(template.outputs.map((port) => [port, {}])),
        config: z.record(z.unknown()),
        graphPort: GRAPH_PORTS[id],
        fire: () => undefined,
      });
    }),
  );
}

/** Reads a workflow fixture of `test/fixtures/ide/`. */
export function readIdeFixture(name: string): JsonObject {
  return JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'ide', name), 'utf8')) as JsonObject;
}

/** A camelCase node as the IDE's sidebar creates it: `templateId` plus the template's `type`, and extra metadata. */
export function camelNode(id: string, templateId: string, metadata: JsonObject = {}): JsonObject {
  const type = findIdeTemplate(templateId)?.type ?? templateId;
  return { id, type, position: { x: 0, y: 0 }, metadata: { id, templateId, type, ...metadata } };
}

/** A camelCase connection from `[nodeId, portId]` to `[nodeId, portId]`. */
export function camelConnection(id: string, from: readonly [string, string], to: readonly [string, string]): JsonObject {
  return { id, source: { nodeId: from[0], portId: from[1] }, target: { nodeId: to[0], portId: to[1] }, state: 'pending' };
}

/** A camelCase graph; the one with id `main` is marked main. */
export function camelGraph(id: string, nodes: JsonObject[], connections: JsonObject[] = []): JsonObject {
  return { id, name: id === 'main' ? 'Main' : `Graph ${id}`, namespace: `wf-1/${id}`, isMain: id === 'main', nodes, connections, groups: [] };
}

/** A workflow envelope around graphs. */
export function ideWorkflow(graphs: JsonObject[]): JsonObject {
  return { id: 'wf-1', name: 'Test workflow', description: '', graphs };
}
