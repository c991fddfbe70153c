import { type JsonObject } from '../model';
import { terminalText } from './terminal-text';
import { type WorkflowFile } from './workflow-file';
import { workflowGraph } from './workflow-graph';

/**
 * The exported inports of a workflow's graph that the input leaves out, each once: the run's input is all they
 * ever send, so their nodes wait for nothing. (An IDE workflow's converted graph exports no inports.)
 */
function unfedInports(file: WorkflowFile, input: JsonObject): string[] {
  const names = workflowGraph(file)?.inports.map((port) => port.name) ?? [];
  return [...new Set(names)].filter((name) => !Object.hasOwn(input, name));
}

/**
 * Writes a warning naming the exported inports the input leaves out, if any. The engine refuses the run when a
 * required port is fed by nothing else; a port that is not required just never gets a packet.
 */
export function warnUnfedInports(file: WorkflowFile, input: JsonObject, stream: NodeJS.WritableStream): void {
  const unfed = unfedInports(file, input);
  if (unfed.length === 0) return;
  const list = unfed.map((name) => `'${terminalText(name)}'`).join(', ');
  const inports = unfed.length === 1 ? 'inport' : 'inports';
  stream.write(`Warning: no input feeds the exported ${inports} ${list} (give --input NAME=VALUE)\n`);
}
