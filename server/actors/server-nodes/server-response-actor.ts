import { z } from 'zod';
import { defineActor } from '../../engine';
import { DataOperationSetSchema } from '../data';
import { booleanSetting, choiceSetting, numberSetting, textSetting } from '../shared';
import { type HookAnswerSink } from './hook-answer';
import { buildHookAnswer } from './build-hook-answer';

/** The `tpl_server_response` properties. */
const ServerResponseConfigSchema = z
  .object({
    responseType: choiceSetting(
      'Success, Error (a status under 400 answers 500), Redirect (to redirectUrl) or Custom',
      ['Success', 'Error', 'Redirect', 'Custom'],
      'Success',
    ),
    // A 1xx status cannot end a response: the caller would wait for the final one forever.
    statusCode: numberSetting('The HTTP status, 200 to 599', z.number().int().min(200).max(599).default(200)),
    contentType: choiceSetting(
      'The content type of the body; Custom uses customContentType',
      ['application/json', 'text/plain', 'text/html', 'application/xml', 'application/octet-stream', 'Custom'],
      'application/json',
    ),
    customContentType: textSetting(
      'The content type when contentType is Custom',
      z
        .string()
        .regex(/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/, 'is not a content type')
        .optional(),
    ),
    headers: z
      .array(DataOperationSetSchema)
      .default([])
      .describe('Map operations whose mappings name headers (targetField) and their values (a field of the packet, or literal text)'),
    responseFormat: textSetting('The body, with ${data} (the packet) and ${timestamp} filled in; the packet itself when empty', z.string().optional()),
    compression: booleanSetting('Compress the body (gzip) for a client that accepts it', true),
    cache: choiceSetting(
      'The Cache-Control header: no-store, public or private with cacheMaxAge, or none (Custom)',
      ['No Cache', 'Public', 'Private', 'Custom'],
      'No Cache',
    ),
    cacheMaxAge: numberSetting('Seconds a Public or Private answer may be cached', z.number().int().min(0).default(3600)),
    redirectUrl: textSetting('Where a Redirect points', z.string().optional()),
  })
  .superRefine((config, ctx) => {
    if (config.responseType === 'Redirect' && config.redirectUrl === undefined)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['redirectUrl'], message: 'is required for a Redirect' });
    if (config.contentType === 'Custom' && config.customContentType === undefined)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['customContentType'], message: 'is required when contentType is Custom' });
  });

/**
 * Builds the `tpl_server_response` actor: the first packet on `data-in` becomes the answer to the HTTP request
 * that started the run. In a run no request waits for (a one-off start), or for later packets, the answer is
 * logged and, at the top level of the graph, kept as the run's output `response`.
 */
export function createServerResponseActor(sink?: HookAnswerSink) {
  return defineActor({
    id: 'tpl_server_response',
    title: 'Server Response',
    description: 'Answers the HTTP request that started a deployed workflow with the packet on data-in.',
    inports: { 'data-in': { type: 'all', required: true, description: 'What to answer with' } },
    outports: {},
    config: ServerResponseConfigSchema,
    // It answers the request that started the run, which can be answered once.
    effects: 'once',
    fire: async ({ config, inputs, execution, node, log, graphOutput }) => {
      const answer = buildHookAnswer(config, inputs['data-in'] ?? null, new Date());
      if (sink?.answer(execution.id, answer)) return;
      const view = { status: answer.status, headers: { ...answer.headers }, body: answer.body, bodyEncoding: answer.bodyEncoding };
      log(`No request waits for this answer (status ${answer.status})`, view);
      if (!node.id.includes('/')) await graphOutput('response', view);
    },
  });
}
