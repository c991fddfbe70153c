/**
 * The body of `POST /workflows` that the start loads send: add -> multiply -> round, a three-node graph of
 * cheap math actors, so a load measures the cost of starting and recording executions more than running them.
 */
export const addMultiplyRound = {
  graph_json: {
    properties: { name: 'add-multiply-round' },
    processes: {
      add: { component: 'tpl_math_add' },
      mul: { component: 'tpl_math_multiply' },
      round: { component: 'tpl_math_round', metadata: { config: { precision: 1 } } },
    },
    connections: [
      { from: { nodeId: 'add', portId: 'result-out' }, to: { nodeId: 'mul', portId: 'a-in' } },
      { from: { nodeId: 'mul', portId: 'result-out' }, to: { nodeId: 'round', portId: 'value-in' } },
    ],
    inports: { x: { process: 'add', port: 'a-in' }, y: { process: 'add', port: 'b-in' }, k: { process: 'mul', port: 'b-in' } },
    outports: { result: { process: 'round', port: 'result-out' } },
  },
  input: { x: 3, y: 4.5, k: 1.5 },
};

/**
 * The same three nodes with a random draw in the middle (add -> random -> round): the draw is not pure, so a run
 * that resumes after a crash keeps it in its firing journal, and each start writes one journal row.
 */
export const addRandomRound = {
  graph_json: {
    properties: { name: 'add-random-round' },
    processes: {
      add: { component: 'tpl_math_add' },
      draw: { component: 'tpl_math_random' },
      round: { component: 'tpl_math_round', metadata: { config: { precision: 1 } } },
    },
    connections: [
      { from: { nodeId: 'add', portId: 'result-out' }, to: { nodeId: 'draw', portId: 'trigger-in' } },
      { from: { nodeId: 'draw', portId: 'value-out' }, to: { nodeId: 'round', portId: 'value-in' } },
    ],
    inports: { x: { process: 'add', port: 'a-in' }, y: { process: 'add', port: 'b-in' } },
    outports: { result: { process: 'round', port: 'result-out' } },
  },
  input: { x: 3, y: 4.5 },
};
