import { initServer } from '@ts-rest/express';
import { ideContract } from '../../contract';
import { type JsonObject, type StartMetadata } from '../../model';
import { type ErrorDetail, validationFailure } from '../errors';
import { convertIdeWorkflow, unsupportedActorIssues } from '../ide';
import { type AppServices } from './app-services';
import { success } from './envelope';

const s = initServer();

const invalidWorkflow = (details: ErrorDetail[]) => validationFailure('workflow', details);

const prefixed = (prefix: string, details: readonly ErrorDetail[]): ErrorDetail[] =>
  details.map((d) => ({ path: d.path ? `${prefix}.${d.path}` : prefix, message: d.message }));

/** Handlers of `/ide/*`: convert an IDE workflow, or convert and run it. */
export function ideRoutes({ executions, catalogue }: AppServices) {
  return s.router(ideContract, {
    convertIdeWorkflow: async ({ body }) => {
      const converted = convertIdeWorkflow(body, catalogue);
      if (!converted.ok) throw invalidWorkflow(converted.issues);
      return { status: 200, body: success(converted.conversion) };
    },
    executeIdeWorkflow: async ({ body }) => {
      const converted = convertIdeWorkflow(body.workflow, catalogue);
      if (!converted.ok) throw invalidWorkflow(prefixed('workflow', converted.issues));
      const unsupported = unsupportedActorIssues(converted.conversion);
      if (unsupported.length > 0) throw invalidWorkflow(prefixed('workflow', unsupported));
      const { conversion } = converted;
      const metadata: StartMetadata = {
        ...body.metadata,
        workflow_id: conversion.conversion_metadata.source_workflow_id || undefined,
        source: 'ide_api',
      };
      const { execution } = executions.start(
        { graph_json: conversion.engine_graph, input: body.input as JsonObject, metadata },
        { source: 'ide_api' },
      );
      return { status: 200, body: success({ execution_id: execution.id, status: 'started' as const, message: 'IDE workflow converted and execution started' }) };
    },
  });
}
