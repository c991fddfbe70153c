import { type JsonObject } from '../../model';
import { jsonBytes } from './graph-byte-budget';
import { GraphCommandError } from './graph-command-error';

/** One group of a graph as the graph subprotocol names it: nodes drawn together, with metadata (label, colour). */
export interface GraphGroup {
  name: string;
  nodes: string[];
  metadata: JsonObject;
}

interface HeldGroup {
  nodes: string[];
  metadata: JsonObject;
  bytes: number;
}

const groupBytes = (name: string, nodes: readonly string[], metadata: JsonObject): number => jsonBytes(name) + jsonBytes(nodes) + jsonBytes(metadata);

/**
 * The groups of one protocol graph (`graph:addgroup` and its kin). Each group keeps the bytes it was counted
 * with; every change hands its difference to `grow` before it is made, so that a change beyond the runtime's
 * budget is refused and leaves the groups as they were.
 */
export class GraphGroups {
  private readonly groups = new Map<string, HeldGroup>();

  constructor(private readonly grow: (delta: number) => void) {}

  /** Adds a group, or replaces the one of that name, as NoFlo does. */
  add(name: string, nodes: string[], metadata: JsonObject): void {
    const bytes = groupBytes(name, nodes, metadata);
    this.grow(bytes - (this.groups.get(name)?.bytes ?? 0));
    this.groups.set(name, { nodes, metadata, bytes });
  }

  remove(name: string): void {
    this.grow(-this.group(name).bytes);
    this.groups.delete(name);
  }

  rename(from: string, to: string): void {
    const group = this.group(from);
    if (from !== to && this.groups.has(to)) throw new GraphCommandError(`Group '${to}' already exists`);
    const bytes = groupBytes(to, group.nodes, group.metadata);
    this.grow(bytes - group.bytes);
    group.bytes = bytes;
    this.groups.delete(from);
    this.groups.set(to, group);
  }

  /** Sets the group's metadata to `merge` of what it holds; answers the metadata kept. */
  change(name: string, merge: (current: JsonObject) => JsonObject): JsonObject {
    const group = this.group(name);
    const metadata = merge(group.metadata);
    const bytes = groupBytes(name, group.nodes, metadata);
    this.grow(bytes - group.bytes);
    group.metadata = metadata;
    group.bytes = bytes;
    return metadata;
  }

  /**
   * A node renamed (`to`) or removed (`undefined`) is renamed or left out in every group that holds it, all or
   * nothing; a group left with no node is removed, as NoFlo does. Answers the names of the groups removed.
   */
  nodeChanged(from: string, to: string | undefined): string[] {
    const changed = [...this.groups]
      .filter(([, group]) => group.nodes.includes(from))
      .map(([name, group]) => {
        const nodes = to === undefined ? group.nodes.filter((node) => node !== from) : group.nodes.map((node) => (node === from ? to : node));
        return { name, group, nodes, bytes: nodes.length === 0 ? 0 : groupBytes(name, nodes, group.metadata) };
      });
    this.grow(changed.reduce((sum, { group, bytes }) => sum + bytes - group.bytes, 0));
    for (const { name, group, nodes, bytes } of changed) {
      if (nodes.length === 0) this.groups.delete(name);
      else Object.assign(group, { nodes, bytes });
    }
    return changed.filter(({ nodes }) => nodes.length === 0).map(({ name }) => name);
  }

  /** Every group, in the order added: the graph's document and its FBP JSON write them so. */
  list(): GraphGroup[] {
    return [...this.groups].map(([name, group]) => ({ name, nodes: [...group.nodes], metadata: group.metadata }));
  }

  private group(name: string): HeldGroup {
    const group = this.groups.get(name);
    if (group === undefined) throw new GraphCommandError(`Requested group '${name}' not found`);
    return group;
  }
}
