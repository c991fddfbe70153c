import type * as noflo from 'noflo';
import { type InPortSpec, type OutPortSpec } from '../../engine';

// NoFlo's datatypes with an engine datatype of the same meaning; the others (color, date, function, buffer, stream)
// are carried as any packet.
const DATATYPES: Readonly<Record<string, NonNullable<InPortSpec['type']>>> = {
  all: 'all',
  string: 'string',
  number: 'number',
  int: 'int',
  integer: 'int',
  boolean: 'boolean',
  object: 'object',
  array: 'array',
  bang: 'bang',
};

/** The engine datatype of a NoFlo port: the same name, `int` for `integer`, `all` for those the engine lacks. */
export function datatypeOf(port: noflo.InPort | noflo.OutPort): NonNullable<InPortSpec['type']> {
  return DATATYPES[port.getDataType()] ?? 'all';
}

/**
 * The engine's declaration of a NoFlo component's inports. None is required, sticky or a control port: each packet
 * fires the node alone, and the component's own buffers decide when it acts on it, as they do in NoFlo (a control
 * port there keeps its last packet, a required one is the component's own check).
 */
export function inPortSpecsOf(component: noflo.Component): Record<string, InPortSpec> {
  const specs: Record<string, InPortSpec> = {};
  for (const [name, port] of Object.entries(component.inPorts.ports)) {
    specs[name] = { type: datatypeOf(port), description: port.getDescription() || undefined, addressable: port.isAddressable() };
  }
  return specs;
}

/** The engine's declaration of a NoFlo component's outports, `error` included when the component has one. */
export function outPortSpecsOf(component: noflo.Component): Record<string, OutPortSpec> {
  const specs: Record<string, OutPortSpec> = {};
  for (const [name, port] of Object.entries(component.outPorts.ports)) {
    specs[name] = { type: datatypeOf(port), description: port.getDescription() || undefined, addressable: port.isAddressable() };
  }
  return specs;
}

/**
 * The order in which one firing's packets enter the component: ports NoFlo calls control ports (settings such as a
 * delimiter) first, then the others in the component's order, so that a setting that came with a packet applies to it.
 */
export function postingOrderOf(component: noflo.Component): string[] {
  const names = Object.keys(component.inPorts.ports);
  const isControl = (name: string): boolean => component.inPorts.ports[name].options.control === true;
  return [...names.filter(isControl), ...names.filter((name) => !isControl(name))];
}
