import { type Contract } from './index';
import { BAD_EXECUTION_ID, NO_GRAPH, STORAGE_FULL, executionIdTaken, executionNotFound } from './error-examples';
import {
  EXAMPLE_EXECUTION_IDS,
  GREETER_DEPLOYMENT,
  GREETER_DEPLOYMENT_HI,
  MULTIPLY_GRAPH,
  MULTIPLY_IDE_WORKFLOW,
  MULTIPLY_INPUT,
  SLOW_MULTIPLY_GRAPH,
  SLOW_MULTIPLY_INPUT,
} from './example-workflows';
import { type RouterExamples } from './route-examples';

const { multiply, slow } = EXAMPLE_EXECUTION_IDS;
const finished = { execution_id: multiply };
const running = { execution_id: slow };

/**
 * The examples of every route of the API, as the OpenAPI document shows them. Played in order (starts,
 * reads, updates, cancels, deletes) they all succeed: the starts create the executions and the deployment
 * that the later examples name.
 */
export const API_EXAMPLES: RouterExamples<Contract> = {
  health: {},
  ready: { errors: { 503: [{ summary: 'Shutting down, or the store takes no writes', code: 'UNAVAILABLE', error: 'The service is shutting down' }] } },
  startWorkflow: {
    body: {
      multiply: {
        summary: 'Multiply x by y: completes with outputs.product 13.5',
        value: { graph_json: MULTIPLY_GRAPH, input: MULTIPLY_INPUT, metadata: { execution_id: multiply, source: 'http_api' } },
      },
      slowMultiply: {
        summary: 'A run that lasts 20 s: reconfigure or cancel it meanwhile',
        description: `Its script keeps x for 20 s before Multiply gets it; \`PATCH /workflows/${slow}/nodes/mul/config\` with \`{"precision": 4}\` within that time makes the product 9.4248 instead of 9.42.`,
        value: { graph_json: SLOW_MULTIPLY_GRAPH, input: SLOW_MULTIPLY_INPUT, metadata: { execution_id: slow } },
      },
      fbpText: {
        summary: 'The multiply graph as .fbp text, with y fixed at 4.5',
        value: { graph_fbp: "INPORT=mul.A_IN:X\nOUTPORT=mul.RESULT_OUT:PRODUCT\n'4.5' -> B_IN mul(tpl_math_multiply:precision=2)", input: { x: 3 } },
      },
    },
    errors: {
      400: [
        NO_GRAPH,
        {
          summary: 'A component the catalogue does not have',
          code: 'VALIDATION_FAILED',
          error: "Invalid graph: the catalogue has no component 'tpl_nope'",
          details: [{ path: 'graph_json.processes.mul.component', message: "Node 'mul' uses component 'tpl_nope', which the catalogue does not have" }],
        },
        {
          summary: 'An input that names no inport',
          code: 'VALIDATION_FAILED',
          error: "Invalid graph: Input 'z' names no input of the graph (its inputs: x, y)",
          details: [{ path: 'input.z', message: "Input 'z' names no input of the graph (its inputs: x, y)" }],
        },
      ],
      409: [executionIdTaken(multiply)],
      503: [{ summary: 'Shutting down', code: 'UNAVAILABLE', error: 'The service is shutting down and accepts no new executions' }],
      507: [STORAGE_FULL],
    },
  },
  listWorkflows: {
    query: { status: 'completed', limit: 20 },
    errors: {
      400: [
        {
          summary: 'A page larger than 100',
          code: 'VALIDATION_FAILED',
          error: 'Invalid request: limit: Number must be less than or equal to 100',
          details: [{ path: 'limit', message: 'Number must be less than or equal to 100' }],
        },
      ],
    },
  },
  getWorkflow: { params: finished, errors: { 400: [BAD_EXECUTION_ID], 404: [executionNotFound('nope')] } },
  getWorkflowRequest: { params: finished, errors: { 400: [BAD_EXECUTION_ID], 404: [executionNotFound('nope')] } },
  cancelWorkflow: {
    params: running,
    errors: {
      400: [BAD_EXECUTION_ID],
      404: [executionNotFound('nope')],
      409: [{ summary: 'Already finished', code: 'CONFLICT', error: `Execution '${multiply}' has already finished with status 'completed'` }],
    },
  },
  deleteWorkflow: {
    params: finished,
    errors: {
      400: [BAD_EXECUTION_ID],
      404: [executionNotFound('nope')],
      409: [{ summary: 'Still running', code: 'CONFLICT', error: `Execution '${slow}' is running; cancel it before deleting it` }],
    },
  },
  updateNodeConfig: {
    params: { ...running, node_id: 'mul' },
    body: { precision: { summary: 'Round the product to four places from its next firing on', value: { precision: 4 } } },
    errors: {
      400: [
        {
          summary: "Rejected by the actor's configuration schema",
          code: 'VALIDATION_FAILED',
          error: "Invalid configuration for node 'mul': config 'precision': Expected number, received string",
          details: [{ path: 'config', message: "config 'precision': Expected number, received string" }],
        },
      ],
      404: [{ summary: 'No such node', code: 'NOT_FOUND', error: `Node 'nope' not found in execution '${slow}'` }, executionNotFound('nope')],
      409: [{ summary: 'Not running', code: 'CONFLICT', error: `Execution '${multiply}' is completed, not running` }],
    },
  },
  getWorkflowEvents: {
    params: finished,
    query: { from_seq: 1, limit: 1000 },
    errors: {
      400: [
        {
          summary: 'A seq below 1',
          code: 'VALIDATION_FAILED',
          error: 'Invalid request: from_seq: Number must be greater than or equal to 1',
          details: [{ path: 'from_seq', message: 'Number must be greater than or equal to 1' }],
        },
      ],
      404: [executionNotFound('nope')],
    },
  },
  validateGraph: {
    body: {
      multiply: { summary: 'The multiply graph with its input: valid', value: { graph_json: MULTIPLY_GRAPH, input: MULTIPLY_INPUT } },
      fbpText: {
        summary: '.fbp text with a component the catalogue lacks: valid is false, with the issue',
        value: { graph_fbp: 'a(core/Repeat) OUT -> IN b(core/Nope)' },
      },
    },
    errors: { 400: [NO_GRAPH] },
  },
  executeIdeWorkflow: {
    body: {
      multiply: {
        summary: 'Multiply the inputs x and y: completes with outputs.product 13.5',
        value: { workflow: MULTIPLY_IDE_WORKFLOW, input: MULTIPLY_INPUT },
      },
    },
    errors: {
      400: [
        {
          summary: 'A template without an actor',
          code: 'VALIDATION_FAILED',
          error: "Invalid workflow: workflow.graphs[0].nodes[2]: No actor runs template 'tpl_nope' (used by node 'mul')",
          details: [{ path: 'workflow.graphs[0].nodes[2]', message: "No actor runs template 'tpl_nope' (used by node 'mul')" }],
        },
      ],
      507: [STORAGE_FULL],
    },
  },
  convertIdeWorkflow: {
    body: { multiply: { summary: 'Two graph inputs, a Multiply node and a graph output', value: MULTIPLY_IDE_WORKFLOW } },
    errors: {
      400: [
        {
          summary: 'Nodes that are not a list',
          code: 'VALIDATION_FAILED',
          error: 'Invalid request: graphs[0].nodes: Expected array, received string',
          details: [{ path: 'graphs[0].nodes', message: 'Expected array, received string' }],
        },
      ],
    },
  },
  listActors: {},
  getActor: {
    params: { actor_id: 'tpl_math_multiply' },
    errors: { 404: [{ summary: 'No such actor', code: 'NOT_FOUND', error: "Actor 'tpl_nope' not found" }] },
  },
  createDeployment: {
    body: { greeter: { summary: 'An HTTP entry point: POST /hooks/greeter/greet answers {"greeting": "Hello <name>"}', value: GREETER_DEPLOYMENT } },
    errors: {
      400: [
        {
          summary: 'A name that cannot stand in a path',
          code: 'VALIDATION_FAILED',
          error: 'Invalid request: name: must start with a lower-case letter or digit and hold only lower-case letters, digits, - and _',
          details: [{ path: 'name', message: 'must start with a lower-case letter or digit and hold only lower-case letters, digits, - and _' }],
        },
      ],
      409: [{ summary: 'Name in use', code: 'CONFLICT', error: "Deployment 'greeter' already exists: delete it first, or choose another name" }],
    },
  },
  listDeployments: {},
  getDeployment: {
    params: { deployment_id: GREETER_DEPLOYMENT.name },
    errors: { 404: [{ summary: 'No such deployment', code: 'NOT_FOUND', error: "Deployment 'nope' not found" }] },
  },
  updateDeployment: {
    params: { deployment_id: GREETER_DEPLOYMENT.name },
    body: {
      capRuns: { summary: 'Let its triggers have at most 2 runs going at once; the workflow is kept', value: { max_concurrent_runs: 2 } },
      replaceWorkflow: {
        summary: 'Deploy a new workflow under the same name: the hook now greets with "Hi"',
        value: { graph_json: GREETER_DEPLOYMENT_HI.graph_json },
      },
    },
    errors: {
      400: [
        {
          summary: 'Two forms of the workflow',
          code: 'VALIDATION_FAILED',
          error: 'Invalid request: workflow: Give one of workflow, graph_json and graph_fbp',
          details: [{ path: 'workflow', message: 'Give one of workflow, graph_json and graph_fbp' }],
        },
      ],
      404: [{ summary: 'No such deployment', code: 'NOT_FOUND', error: "Deployment 'nope' not found" }],
    },
  },
  pauseDeployment: {
    params: { deployment_id: GREETER_DEPLOYMENT.name },
    errors: { 404: [{ summary: 'No such deployment', code: 'NOT_FOUND', error: "Deployment 'nope' not found" }] },
  },
  resumeDeployment: {
    params: { deployment_id: GREETER_DEPLOYMENT.name },
    errors: { 404: [{ summary: 'No such deployment', code: 'NOT_FOUND', error: "Deployment 'nope' not found" }] },
  },
  deleteDeployment: {
    params: { deployment_id: GREETER_DEPLOYMENT.name },
    errors: { 404: [{ summary: 'No such deployment', code: 'NOT_FOUND', error: "Deployment 'nope' not found" }] },
  },
};
