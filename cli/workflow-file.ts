import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { type JsonObject, isJsonObject } from '../model';
import { CliError } from './cli-error';

/**
 * A workflow read from a file, in one of the three forms the service runs: an engine graph in FBP JSON,
 * `.fbp` text, or a workflow exported by the IDE (JSON with `graphs`).
 */
export type WorkflowFile =
  { kind: 'graph'; path: string; graph: JsonObject } | { kind: 'fbp'; path: string; text: string } | { kind: 'ide'; path: string; workflow: JsonObject };

/** The names of the forms, as messages use them. */
export const WORKFLOW_KINDS = { graph: 'an engine graph', fbp: '.fbp text', ide: 'an IDE workflow' } as const satisfies Record<WorkflowFile['kind'], string>;

/**
 * Tells the form of a file's text: `.fbp` files are .fbp text; otherwise the text is JSON, an IDE workflow when
 * it has a `graphs` array and an engine graph else; text of another extension that is not JSON is read as .fbp.
 * Whether the workflow is valid is left to the engine, which names every problem.
 * @throws CliError for a `.json` file that is not JSON, or JSON that is not an object
 */
export function classifyWorkflowText(path: string, text: string): WorkflowFile {
  const extension = extname(path).toLowerCase();
  if (extension === '.fbp') return { kind: 'fbp', path, text };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    if (extension !== '.json') return { kind: 'fbp', path, text };
    throw new CliError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (!isJsonObject(json))
    throw new CliError(`${path} holds JSON but not an object: give an engine graph (with "processes") or an IDE workflow (with "graphs")`);
  if (Array.isArray(json.graphs)) return { kind: 'ide', path, workflow: json };
  return { kind: 'graph', path, graph: json };
}

/**
 * Reads a workflow file and tells its form ({@link classifyWorkflowText}).
 * @throws CliError naming the file when it cannot be read or is not JSON where JSON is expected
 */
export async function readWorkflowFile(path: string): Promise<WorkflowFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  return classifyWorkflowText(path, text);
}
