import { type AnyActorDefinition } from '../engine';
import { actorDefinitions, createActorCatalogue } from '.';

/** Every port of a definition as `component.direction.port` with its spec. */
function portsOf(definition: AnyActorDefinition): [name: string, spec: { type?: string }][] {
  return [
    ...Object.entries(definition.inports).map(([id, spec]): [string, { type?: string }] => [`${definition.id}.in.${id}`, spec]),
    ...Object.entries(definition.outports).map(([id, spec]): [string, { type?: string }] => [`${definition.id}.out.${id}`, spec]),
  ];
}

// Both the definitions as the server configures them and as they are exported unconfigured, since the
// configured factories rebuild their port maps.
const definitions = [...createActorCatalogue().list(), ...actorDefinitions];

describe('the port types of the catalogue actors', () => {
  it('are stated on every port, so that FBP tools are not told `all` by default', () => {
    const untyped = definitions
      .flatMap(portsOf)
      .filter(([, spec]) => spec.type === undefined)
      .map(([name]) => name);
    expect(untyped).toEqual([]);
  });

  it('say that every error port carries an object', () => {
    const errorPorts = definitions.flatMap(portsOf).filter(([name]) => /\.out\.error(-out)?$/.test(name));
    expect(errorPorts.length).toBeGreaterThan(0);
    expect(errorPorts.filter(([, spec]) => spec.type !== 'object').map(([name]) => name)).toEqual([]);
  });
});
