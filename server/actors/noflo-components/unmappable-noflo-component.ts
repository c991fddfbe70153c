import type * as noflo from 'noflo';

/**
 * Why the adapter cannot run `component` as NoFlo would, or undefined when it can: a port of datatype `function`
 * carries functions, and packets here are JSON, so such a port can be neither fed nor listened to. Checked once at
 * load, on the instance read for its ports, so that the component is left out of the catalogue by name instead of
 * failing inside a run. (A component that does not load at all, a graph naming a component nowhere installed say,
 * is refused by the loader with NoFlo's own message.)
 */
export function unmappableReasonOf(component: noflo.Component): string | undefined {
  const ports = [
    ['inport', component.inPorts.ports],
    ['outport', component.outPorts.ports],
  ] as const;
  for (const [kind, byName] of ports) {
    for (const [name, port] of Object.entries(byName)) {
      if (port.getDataType() === 'function') return `its ${kind} '${name}' carries functions, and packets here are JSON`;
    }
  }
  return undefined;
}
