import { z } from 'zod';
import { type IdeWorkflow } from '../client';
import { defineActor, requiredText } from '../server/actor-sdk';
import { actorDefinitions } from '../server/actors';
import { type AnyActorDefinition, createCatalogue } from '../server/engine';
import { templateTableOf } from '../server/ide';
import { camelConnection, camelGraph, camelNode, ideWorkflow } from './support/kits';
import { type TestApp, startTestApp } from './support/test-app';

/** A package's actor that says how the IDE shows it. */
const greet = defineActor({
  id: 'acme/greet',
  title: 'Greet',
  inports: { 'name-in': { required: true, description: 'Who to greet' } },
  outports: { 'greeting-out': { description: 'The greeting' } },
  config: z.object({
    greeting: requiredText('The word before the name', 'Hello'),
    shout: z.boolean().default(false).describe('Whether the greeting is in capitals'),
    tone: z.enum(['warm', 'dry']).optional().describe('How the greeting sounds'),
    signature: z.string().optional().describe('Written below the greeting'),
  }),
  ide: { type: 'greeting', editors: { signature: 'textarea' }, requiredEnvVars: ['GREETING_LOCALE'] },
  effects: 'none',
  fire: ({ inputs, config, send }) => {
    const text = `${config.greeting}, ${String(inputs['name-in'])}`;
    return send('greeting-out', config.shout ? text.toUpperCase() : text);
  },
});

/** A package's actor that says nothing of the IDE. */
const wave = defineActor({ id: 'acme/wave', inports: {}, outports: { 'wave-out': {} }, effects: 'none', fire: ({ send }) => send('wave-out', 'o/') });

const packageActors = [greet, wave] as AnyActorDefinition[];

describe("the IDE template table of a service with a package's actors", () => {
  it("generates each package actor's template from its ports, its config schema and the IDE facts it carries", () => {
    const table = templateTableOf(createCatalogue([...actorDefinitions, ...packageActors]));
    expect(table.find('acme/greet')).toEqual({
      id: 'acme/greet',
      type: 'greeting',
      title: 'Greet',
      inputs: ['name-in'],
      outputs: ['greeting-out'],
      properties: {
        greeting: { type: 'text', required: false, defaultValue: 'Hello' },
        shout: { type: 'boolean', required: false, defaultValue: false },
        tone: { type: 'select', required: false },
        signature: { type: 'textarea', required: false },
      },
      requiredEnvVars: ['GREETING_LOCALE'],
    });
  });

  it('gives an actor without IDE facts a type named after its library, and keeps the built-in templates as they are', () => {
    const catalogue = createCatalogue([...actorDefinitions, ...packageActors]);
    const table = templateTableOf(catalogue);
    const builtIn = templateTableOf(createCatalogue(actorDefinitions)).templates;
    expect(table.find('acme/wave')).toMatchObject({ type: 'acme', title: 'acme/wave', inputs: [], outputs: ['wave-out'], properties: {}, requiredEnvVars: [] });
    expect(table.templates.slice(0, builtIn.length)).toEqual(builtIn);
    expect(table.templates.map((template) => template.id).slice(builtIn.length)).toEqual(['acme/greet', 'acme/wave']);
    expect(templateTableOf(catalogue)).toBe(table);
  });

  describe('over HTTP', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ packageActors });
    });
    afterAll(() => app.close());

    const nodes = [
      camelNode('in-name', 'graph_input', { propertyValues: { inputName: 'name' } }),
      camelNode('greet', 'acme/greet', { propertyValues: { shout: true } }),
      camelNode('out-greeting', 'graph_output', { propertyValues: { outputName: 'greeting' } }),
    ];
    const connections = [
      camelConnection('c1', ['in-name', 'data'], ['greet', 'name-in']),
      camelConnection('c2', ['greet', 'greeting-out'], ['out-greeting', 'data']),
    ];
    const workflow = ideWorkflow([camelGraph('main', nodes, connections)]) as IdeWorkflow;

    it("converts a workflow using the package actor's template id with its template's defaults, title and env vars", async () => {
      const { data, response } = await app.client.convertIdeWorkflow(workflow);
      expect(response.status).toBe(200);
      const conversion = data!.data;
      expect(conversion.required_actors).toContain('acme/greet');
      expect(conversion.unsupported_actors).toEqual([]);
      expect(conversion.required_env_vars).toEqual(['GREETING_LOCALE']);
      const process = Object.values(conversion.engine_graph.processes).find((candidate) => candidate.component === 'acme/greet');
      expect(process).toMatchObject({ metadata: { config: { greeting: 'Hello', shout: true }, title: 'Greet' } });
    });

    it('runs that workflow through the IDE run route', async () => {
      const { data, response } = await app.client.executeIdeWorkflow({ workflow, input: { name: 'Ada' } });
      expect(response.status).toBe(200);
      const execution = await app.client.waitForCompletion(data!.data.execution_id);
      expect(execution.status).toBe('completed');
      expect(execution.result!.outputs).toEqual({ greeting: 'HELLO, ADA' });
    });
  });
});

describe('the IDE template table of a service with a NoFlo component library', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { noflo_component_packages: ['noflo-strings'] } });
  });
  afterAll(() => app.close());

  it("gives each component a template that conversion reads: the node takes the component's title", async () => {
    const workflow = ideWorkflow([camelGraph('main', [camelNode('split', 'strings/SplitStr')])]) as IdeWorkflow;
    const { data, response } = await app.client.convertIdeWorkflow(workflow);
    expect(response.status).toBe(200);
    expect(data!.data.unsupported_actors).toEqual([]);
    expect(data!.data.engine_graph.processes).toMatchObject({
      split: { component: 'strings/SplitStr', metadata: { templateId: 'strings/SplitStr', title: 'SplitStr' } },
    });
  });

  it('types those templates after the library, as the hint for a node naming only a type shows', async () => {
    const node = { id: 'n', type: 'strings', position: { x: 0, y: 0 }, metadata: { id: 'n', type: 'strings' } };
    const { response, error } = await app.client.convertIdeWorkflow(ideWorkflow([camelGraph('main', [node])]) as IdeWorkflow);
    expect(response.status).toBe(400);
    expect(JSON.stringify(error)).toMatch(/its type 'strings' is not a template id \('strings' is the type of \d+ template\(s\): strings\//);
  });
});
