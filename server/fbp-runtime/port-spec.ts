import { type AnyActorDefinition, type InPortSpec, type OutPortSpec } from '../engine';

/** A port name as the engine matches it in a graph that is not case-sensitive (as protocol graphs are): `A_IN` is `a-in`. */
export function portKey(port: string): string {
  return port.toLowerCase().replace(/_/g, '-');
}

/** The declaration of an actor's port named as a protocol graph may spell it (`A_IN` in .fbp text for `a-in`). */
export function portSpecOf(definition: AnyActorDefinition | undefined, side: 'inport' | 'outport', port: string): InPortSpec | OutPortSpec | undefined {
  if (definition === undefined) return undefined;
  const specs: Record<string, InPortSpec | OutPortSpec> = side === 'inport' ? definition.inports : definition.outports;
  if (Object.hasOwn(specs, port)) return specs[port];
  const id = Object.keys(specs).find((candidate) => portKey(candidate) === portKey(port));
  return id === undefined ? undefined : specs[id];
}
