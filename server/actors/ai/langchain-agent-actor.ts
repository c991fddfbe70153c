import { z } from 'zod';
import { ActorError, defineActor } from '../../engine';
import { booleanSetting, choiceSetting, numberSetting, optionalText, requireCredential, requiredText } from '../shared';
import { type AiActorOptions, aiRetryPolicy, baseUrlOf, egressOf } from './ai-actor-options';
import { vendorSettings } from './ai-settings';
import { runAgentLoop } from './agent-loop';
import { serpApiSearch, wikipediaSearch } from './agent-search';
import { AGENT_TYPES, agentInstructions, enabledToolsSetting, toolsOfFiring } from './agent-settings';
import { SEARCH_SECRETS, runTool, toolDefinitions, toolRefusal, toolRunners } from './agent-tools';
import { promptText } from './conversation';
import { type ChatMessage, openAiClient } from './openai-chat';
import { addUsage, usagePacket } from './token-usage';
import { openVendorCall } from './vendor-call';

const SECRETS = ['OPENAI_API_KEY'];

/** The turns of the conversation a node with `memory` keeps (queries and answers), the oldest dropped first. */
const MEMORY_TURNS = 20;

/** The `tpl_langchain_agent` properties: every enabled tool must be one this server can offer. */
function langchainAgentConfigSchema(options: AiActorOptions = {}) {
  return z
    .object({
      agentType: choiceSetting('How the agent is prompted: reason and act, converse, or plan then execute', AGENT_TYPES, 'zero-shot-react'),
      enabledTools: enabledToolsSetting(),
      maxIterations: numberSetting(
        'The most model calls of one query; the agent fails when it has no answer by then',
        z.number().int().min(1).max(20).default(5),
      ),
      memory: booleanSetting("Keep the node's earlier queries and answers in the conversation", true),
      model: requiredText('The OpenAI chat model the agent runs on', 'gpt-4o-mini'),
      searchApiKey: optionalText('SerpAPI key of the search tool, best written as ${secret:NAME}; when unset, the secret SERPAPI_API_KEY'),
      ...vendorSettings('openai', SECRETS),
    })
    .superRefine((config, ctx) => {
      for (const tool of config.enabledTools) {
        const refusal = toolRefusal(tool, config.searchApiKey, options.secret);
        if (refusal !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['enabledTools'], message: refusal });
      }
    })
    .superRefine(requireCredential('apiKey', SECRETS, options.secret));
}

/**
 * Builds the `tpl_langchain_agent` actor: a tool-calling agent on the OpenAI chat API's own tool calling (the
 * `openai` SDK). Per `query-in` packet it asks the model, runs the tools it calls (calculator on the restricted
 * mathjs, search through SerpAPI, wikipedia through the MediaWiki API) and hands their results back, up to
 * `maxIterations` model calls. The answer goes to `result-out` as `{output, iterations, usage}` and the tool
 * calls to `steps-out`; with no answer by `maxIterations`, the steps are sent and the firing fails.
 */
export function createLangchainAgentActor(options: AiActorOptions = {}) {
  return defineActor({
    id: 'tpl_langchain_agent',
    title: 'LangChain Agent',
    description: 'Answers the query with an LLM agent that calls tools (calculator, web search, Wikipedia).',
    inports: {
      'query-in': { type: 'all', required: true, description: 'The question: text, or an object with a `query` or `text` field.' },
      'tools-in': {
        type: 'all',
        control: true,
        description: 'The names of the tools later queries may use (a list or comma-separated text), replacing enabledTools.',
      },
    },
    outports: {
      'result-out': { type: 'object', description: 'The answer: {output, iterations, usage}.' },
      'steps-out': { type: 'array', description: 'The tool calls: [{iteration, tool, input, output}].' },
    },
    config: langchainAgentConfigSchema(options),
    createState: (): { memory: ChatMessage[] } => ({ memory: [] }),
    // A paid call, which a resumed run must not make again on its own.
    effects: 'once',
    fire: async (ctx) => {
      const { config, inputs, state } = ctx;
      const query = promptText(inputs['query-in']);
      if (query.trim() === '') throw new Error('query-in holds no question');
      const tools = toolsOfFiring(inputs['tools-in'], config.enabledTools, config.searchApiKey, (name) => ctx.secret(name));
      const call = openVendorCall('openai', config, ctx, SECRETS, options);
      const frame = { runSignal: ctx.signal, signal: call.signal, timeoutMs: call.timeoutMs, egress: egressOf(options), policy: aiRetryPolicy(options) };
      const search = tools.includes('search')
        ? openVendorCall('serpapi', { apiKey: config.searchApiKey, timeout: config.timeout }, ctx, SEARCH_SECRETS, options)
        : undefined;
      const runners = toolRunners(tools, {
        signal: call.signal,
        search: search === undefined ? undefined : serpApiSearch({ ...search, signal: call.signal }),
        wikipedia: wikipediaSearch({ ...frame, vendor: 'wikipedia', baseUrl: baseUrlOf('wikipedia', undefined, options) }),
      });
      const history = config.memory ? state.memory : [];
      const messages: ChatMessage[] = [
        { role: 'system', content: agentInstructions(config.agentType, [...runners.keys()]) },
        ...history,
        { role: 'user', content: query },
      ];
      const outcome = await call.run(() =>
        runAgentLoop({
          client: openAiClient(call),
          call,
          model: config.model,
          messages,
          tools: toolDefinitions(tools),
          maxIterations: config.maxIterations,
          runTool: (name, args) => runTool(name, args, runners, call.signal),
        }),
      );
      await ctx.send('steps-out', outcome.steps);
      if (outcome.answer === undefined) {
        throw new ActorError(`The agent had no answer after maxIterations (${config.maxIterations}) model calls`, {
          iterations: outcome.iterations,
          steps: outcome.steps,
        });
      }
      if (config.memory)
        state.memory = [...history, { role: 'user' as const, content: query }, { role: 'assistant' as const, content: outcome.answer }].slice(-MEMORY_TURNS);
      await ctx.send('result-out', { output: outcome.answer, iterations: outcome.iterations, usage: usagePacket(addUsage(config.model, outcome.usage)) });
    },
  });
}
