import { type z } from 'zod';
import { type GraphJsonSchema } from '../model';
import { type DeploymentRequestSchema } from './deployments';
import { type IdeWorkflowSchema } from './ide';

type GraphInput = z.input<typeof GraphJsonSchema>;

/**
 * The execution ids the documented examples start, so that the examples of the other routes can name them. They
 * differ from the README's (`demo-1`), whose requests differ: a reader who tries both gets no 409 for a reused id.
 */
export const EXAMPLE_EXECUTION_IDS = {
  /** The multiply graph's run: completes at once with `outputs.product` 13.5. */
  multiply: 'example-1',
  /** The slow multiply graph's run: still running for 20 s, long enough to reconfigure or cancel it. */
  slow: 'example-wait',
} as const;

/** The input of the multiply examples: 3 times 4.5 gives 13.5. */
export const MULTIPLY_INPUT = { x: 3, y: 4.5 };

/** An FBP JSON graph that multiplies its inports x and y, rounded to two places, on its outport product. */
export const MULTIPLY_GRAPH = {
  caseSensitive: false,
  properties: { name: 'multiply' },
  processes: { mul: { component: 'tpl_math_multiply', metadata: { config: { precision: 2 } } } },
  connections: [],
  inports: { x: { process: 'mul', port: 'a-in' }, y: { process: 'mul', port: 'b-in' } },
  outports: { product: { process: 'mul', port: 'result-out' } },
  groups: [],
} satisfies GraphInput;

/**
 * The multiply graph behind a script that keeps x for 20 s: a run that is still going when a configuration
 * update or a cancel arrives. The script stands in for any slow step (a call to a slow server, a long query).
 */
export const SLOW_MULTIPLY_GRAPH = {
  properties: { name: 'slow-multiply' },
  processes: {
    wait: {
      component: 'tpl_javascript_script',
      metadata: {
        config: {
          script: 'const until = Date.now() + 20000; while (Date.now() < until); return data;',
          timeout: 30000,
        },
      },
    },
    mul: { component: 'tpl_math_multiply', metadata: { config: { precision: 2 } } },
  },
  connections: [{ src: { process: 'wait', port: 'result-out' }, tgt: { process: 'mul', port: 'a-in' } }],
  inports: { x: { process: 'wait', port: 'data-in' }, y: { process: 'mul', port: 'b-in' } },
  outports: { product: { process: 'mul', port: 'result-out' } },
} satisfies GraphInput;

/** The input of the slow example: 3 times 3.14159 is 9.42 at precision 2 and 9.4248 once the node is set to 4. */
export const SLOW_MULTIPLY_INPUT = { x: 3, y: 3.14159 };

/** The multiply graph as the IDE exports it: two graph inputs, a Multiply node and a graph output named product. */
export const MULTIPLY_IDE_WORKFLOW = {
  id: 'multiply-ide',
  name: 'Multiply',
  graphs: [
    {
      id: 'main',
      name: 'Main',
      isMain: true,
      nodes: [
        { id: 'x', metadata: { templateId: 'graph_input', propertyValues: { inputName: 'x' } } },
        { id: 'y', metadata: { templateId: 'graph_input', propertyValues: { inputName: 'y' } } },
        { id: 'mul', metadata: { templateId: 'tpl_math_multiply', propertyValues: { precision: 2 } } },
        { id: 'product', metadata: { templateId: 'graph_output', propertyValues: { outputName: 'product' } } },
      ],
      connections: [
        { id: 'x-to-mul', source: { nodeId: 'x', portId: 'data' }, target: { nodeId: 'mul', portId: 'a-in' } },
        { id: 'y-to-mul', source: { nodeId: 'y', portId: 'data' }, target: { nodeId: 'mul', portId: 'b-in' } },
        { id: 'mul-to-product', source: { nodeId: 'mul', portId: 'result-out' }, target: { nodeId: 'product', portId: 'data' } },
      ],
    },
  ],
} satisfies z.input<typeof IdeWorkflowSchema>;

/** A deployment named greeter: `POST /hooks/greeter/greet` with `{"name": "Ada"}` answers `{"greeting": "Hello Ada"}`. */
export const GREETER_DEPLOYMENT = {
  name: 'greeter',
  graph_json: {
    processes: {
      request: { component: 'tpl_server_request', metadata: { config: { path: '/greet', method: 'POST' } } },
      greet: { component: 'tpl_javascript_script', metadata: { config: { script: 'return { greeting: "Hello " + data.body.name }' } } },
      respond: { component: 'tpl_server_response' },
    },
    connections: [
      { src: { process: 'request', port: 'request-out' }, tgt: { process: 'greet', port: 'data-in' } },
      { src: { process: 'greet', port: 'result-out' }, tgt: { process: 'respond', port: 'data-in' } },
    ],
  },
} satisfies z.input<typeof DeploymentRequestSchema>;

/** The greeter of {@link GREETER_DEPLOYMENT} with another greeting: what a `PATCH` of its workflow deploys. */
export const GREETER_DEPLOYMENT_HI = {
  ...GREETER_DEPLOYMENT,
  graph_json: {
    ...GREETER_DEPLOYMENT.graph_json,
    processes: {
      ...GREETER_DEPLOYMENT.graph_json.processes,
      greet: { component: 'tpl_javascript_script', metadata: { config: { script: 'return { greeting: "Hi " + data.body.name }' } } },
    },
  },
} satisfies z.input<typeof DeploymentRequestSchema>;
