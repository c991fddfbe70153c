import { z } from 'zod';
import { defineActor } from '../../engine';
import { requiredText, textSetting } from '../shared';
import { checkDataType, dataTypeSetting } from './data-type';

/**
 * The entry of a graph: emits on `data` the value the run received under `inputName` (the execution input,
 * or the packet on the subgraph node's port of that name); emits nothing when there is none.
 */
export const graphInput = defineActor({
  id: 'graph_input',
  title: 'Graph Input',
  description: 'Emits the value the enclosing run received under inputName.',
  inports: {},
  outports: { data: { type: 'all', description: 'The input value.' } },
  config: z.object({
    /** The name of the input (the subgraph node's port). @default "input" */
    inputName: requiredText("The name of the input (the subgraph node's port)", 'input'),
    /** The type the value must have. @default "any" */
    dataType: dataTypeSetting(),
    /** Shown by the IDE only. */
    description: textSetting('A note on the port, shown by the IDE only', z.string().optional()),
  }),
  graphPort: { direction: 'in', nameKey: 'inputName', defaultName: 'input' },
  effects: 'none',
  fire: ({ config, graphInput: read, send }) => {
    const input = read(config.inputName);
    if (!input.found) return;
    checkDataType(input.value, config.dataType, `Graph input '${config.inputName}'`);
    return send('data', input.value);
  },
});
