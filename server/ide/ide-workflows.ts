import { type Collect, type StartMetadata } from '../../model';
import { type Catalogue, type JsonObject } from '../engine';
import { type ErrorDetail, validationFailure } from '../errors';
import { type ExecutionRecord, type ExecutionService } from '../executions';
import { convertIdeWorkflow } from './convert/convert-ide-workflow';
import { type IdeConversion } from './convert/ide-conversion';
import { unsupportedActorIssues } from './convert/unsupported-actor-issues';

/** A request to run an IDE workflow: the workflow as the IDE saved it, the input and the start metadata. */
export interface IdeRunRequest {
  workflow: unknown;
  input: JsonObject;
  metadata: Omit<StartMetadata, 'workflow_id' | 'source'>;
  /** Which outputs keep every packet; each keeps its last when absent. */
  collect?: Collect;
}

const invalidWorkflow = (details: readonly ErrorDetail[]) => validationFailure('workflow', [...details]);

const prefixed = (prefix: string, details: readonly ErrorDetail[]): ErrorDetail[] =>
  details.map((d) => ({ path: d.path ? `${prefix}.${d.path}` : prefix, message: d.message }));

/**
 * Converts an IDE workflow into an engine graph, listing templates without an actor instead of failing.
 * @throws AppError VALIDATION_FAILED naming each path of a workflow that cannot be read.
 */
export function convertOrThrow(workflow: unknown, catalogue: Catalogue): IdeConversion {
  const converted = convertIdeWorkflow(workflow, catalogue);
  if (!converted.ok) throw invalidWorkflow(converted.issues);
  return converted.conversion;
}

/** An IDE workflow made ready to run: its engine graph and the IDE's workflow id (empty when it has none). */
export interface RunnableIdeWorkflow {
  readonly graph: IdeConversion['engine_graph'];
  readonly workflowId: string;
}

/**
 * Converts an IDE workflow into the engine graph it runs as.
 * @throws AppError VALIDATION_FAILED (paths under `workflow`) for a workflow that cannot be read or uses a template without an actor.
 */
export function runnableIdeWorkflow(workflow: unknown, catalogue: Catalogue): RunnableIdeWorkflow {
  const converted = convertIdeWorkflow(workflow, catalogue);
  if (!converted.ok) throw invalidWorkflow(prefixed('workflow', converted.issues));
  const unsupported = unsupportedActorIssues(converted.conversion);
  if (unsupported.length > 0) throw invalidWorkflow(prefixed('workflow', unsupported));
  const { conversion } = converted;
  return { graph: conversion.engine_graph, workflowId: conversion.conversion_metadata.source_workflow_id };
}

/**
 * Converts an IDE workflow and starts it (resolving once it is on disk): its workflow id is the IDE's, its source `ide_api`.
 * @throws AppError as {@link runnableIdeWorkflow} does, and whatever `ExecutionService.start` throws.
 */
export async function startIdeWorkflow(request: IdeRunRequest, executions: ExecutionService, catalogue: Catalogue, tenant?: string): Promise<ExecutionRecord> {
  const { graph, workflowId } = runnableIdeWorkflow(request.workflow, catalogue);
  const metadata = { ...request.metadata, workflow_id: workflowId || undefined, source: 'ide_api' };
  const collect = request.collect === undefined ? {} : { collect: request.collect };
  return (await executions.startDurably({ graph_json: graph, input: request.input, metadata, ...collect }, { source: 'ide_api', tenant })).execution;
}
