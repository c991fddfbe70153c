import { z } from 'zod';
import { defineActor } from '../../engine';
import { requiredText, textSetting } from '../shared';
import { checkDataType, dataTypeSetting } from './data-type';

/** The exit of a graph: each packet on `data` becomes the run's output `outputName` (the subgraph node's port of that name). */
export const graphOutput = defineActor({
  id: 'graph_output',
  title: 'Graph Output',
  description: 'Emits each packet on data as the enclosing run output outputName.',
  inports: { data: { type: 'all', required: true, description: 'The value to output.' } },
  outports: {},
  config: z.object({
    /** The name of the output (the subgraph node's port). @default "output" */
    outputName: requiredText("The name of the output (the subgraph node's port)", 'output'),
    /** The type the value must have. @default "any" */
    dataType: dataTypeSetting(),
    /** Shown by the IDE only. */
    description: textSetting('A note on the port, shown by the IDE only', z.string().optional()),
  }),
  graphPort: { direction: 'out', nameKey: 'outputName', defaultName: 'output' },
  effects: 'none',
  fire: ({ config, inputs, graphOutput: emit }) => {
    const value = inputs.data ?? null;
    checkDataType(value, config.dataType, `Graph output '${config.outputName}'`);
    return emit(config.outputName, value);
  },
});
