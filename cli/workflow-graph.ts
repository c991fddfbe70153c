import { type Graph, parseGraph, readFbpText } from '../server/engine';
import { type WorkflowFile } from './workflow-file';

/** A graph in FBP JSON read as the engine reads it; undefined when it cannot be read, which the engine then reports. */
export function readGraph(json: unknown): Graph | undefined {
  const parsed = parseGraph(json);
  return parsed.ok ? parsed.graph : undefined;
}

/**
 * The engine graph of a workflow file, read as the engine reads it, when it can be known without converting it
 * (an IDE workflow needs the catalogue); undefined too when it cannot be read, which the engine then reports.
 */
export function workflowGraph(file: WorkflowFile): Graph | undefined {
  if (file.kind === 'ide') return undefined;
  const json = file.kind === 'graph' ? file.graph : readFbpGraph(file.text);
  return json === undefined ? undefined : readGraph(json);
}

function readFbpGraph(text: string): unknown {
  const read = readFbpText(text);
  return read.ok ? read.graph : undefined;
}
