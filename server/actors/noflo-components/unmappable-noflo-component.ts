import type * as noflo from 'noflo';

/**
 * Components that hand a graph the service process itself. They would run faithfully, but a graph author is not the
 * operator (docs/security.md): the environment holds the service's tokens and secrets, and a global may hold
 * anything. No port or datatype tells them apart, so they are named.
 */
const PROCESS_READERS: Readonly<Record<string, string>> = {
  'core/ReadEnv': "reads the service's environment variables",
  'core/ReadGlobal': "reads the service process's globals",
};

/**
 * Why the adapter does not offer `component` (named `name`), or undefined when it does: it is one of the process
 * readers above, or it has a port of datatype `function`, which carries functions while packets here are JSON, so
 * such a port can be neither fed nor listened to. Checked once at
 * load, on the instance read for its ports, so that the component is left out of the catalogue by name instead of
 * failing inside a run. (A component that does not load at all, a graph naming a component nowhere installed say,
 * is refused by the loader with NoFlo's own message.)
 */
export function unmappableReasonOf(name: string, component: noflo.Component): string | undefined {
  const reach = PROCESS_READERS[name];
  if (reach !== undefined) return `it ${reach}, which graph authors must not see`;
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
