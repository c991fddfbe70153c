import type OpenAI from 'openai';
import { errorMessage } from '../../engine';
import { missingCredential, type NamedSecretLookup } from '../shared';
import { runHeavy } from '../heavy-work';
import { type ServiceSearch } from './agent-search';

/** The tools the agent template offers. */
export const AGENT_TOOLS = ['search', 'calculator', 'wikipedia', 'weather', 'news'] as const;

/** A tool of the agent template. */
export type AgentToolName = (typeof AGENT_TOOLS)[number];

/** The named secret of the search tool's SerpAPI key. */
export const SEARCH_SECRETS = ['SERPAPI_API_KEY'];

/**
 * Why a tool cannot be offered to the model, or undefined when it can: weather and news need services this
 * server does not connect to, and search needs a SerpAPI key (the `searchApiKey` setting or its named secret).
 */
export function toolRefusal(name: AgentToolName, searchApiKey: string | undefined, secret: NamedSecretLookup | undefined): string | undefined {
  if (name === 'weather' || name === 'news') return `the ${name} tool needs a ${name} service, which this server does not connect to; remove it from the tools`;
  if (name !== 'search') return undefined;
  const missing = missingCredential(searchApiKey, 'searchApiKey', SEARCH_SECRETS, secret);
  return missing === undefined ? undefined : `the search tool needs a SerpAPI key: searchApiKey ${missing}`;
}

const QUERY_PARAMETERS = { type: 'object', properties: { query: { type: 'string', description: 'What to look for' } }, required: ['query'] };

const DEFINITIONS: Readonly<Record<'search' | 'calculator' | 'wikipedia', OpenAI.Chat.Completions.ChatCompletionFunctionTool['function']>> = {
  calculator: {
    name: 'calculator',
    description: 'Evaluates a math expression (mathjs syntax, such as "12 * (3 + 4) / 2" or "sqrt(2) ^ 3") and returns its value',
    parameters: { type: 'object', properties: { expression: { type: 'string', description: 'The expression to evaluate' } }, required: ['expression'] },
  },
  search: { name: 'search', description: 'Searches the web and returns the top results with their snippets', parameters: QUERY_PARAMETERS },
  wikipedia: { name: 'wikipedia', description: 'Searches Wikipedia and returns the matching articles with a snippet of each', parameters: QUERY_PARAMETERS },
};

/** The tool definitions sent to the model, for the tools that can be offered. */
export function toolDefinitions(names: readonly AgentToolName[]): OpenAI.Chat.Completions.ChatCompletionFunctionTool[] {
  return names.flatMap((name) => (name === 'weather' || name === 'news' ? [] : [{ type: 'function' as const, function: DEFINITIONS[name] }]));
}

/** What the tools need to run: the run's signal and the searches of the services they call. */
export interface ToolServices {
  readonly signal: AbortSignal;
  readonly search?: ServiceSearch;
  readonly wikipedia: ServiceSearch;
}

/** Runs one tool with the arguments the model gave. */
type ToolRunner = (args: Record<string, unknown>) => Promise<string>;

function argument(args: Record<string, unknown>, name: string): string {
  const value = args[name];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`the argument '${name}' is missing`);
  return value;
}

async function calculate(expression: string, signal: AbortSignal): Promise<string> {
  // The expression comes from the model: the restricted mathjs evaluates it on a worker, off the event loop.
  const value = await runHeavy('mathExpression', { expression, scope: {}, precision: 10 }, { signal });
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The runners of the tools offered to the model; a tool that is not offered has none. */
export function toolRunners(names: readonly AgentToolName[], services: ToolServices): ReadonlyMap<string, ToolRunner> {
  const runners = new Map<string, ToolRunner>();
  const { search, wikipedia, signal } = services;
  if (names.includes('calculator')) runners.set('calculator', (args) => calculate(argument(args, 'expression'), signal));
  if (names.includes('search') && search !== undefined) runners.set('search', (args) => search(argument(args, 'query')));
  if (names.includes('wikipedia')) runners.set('wikipedia', (args) => wikipedia(argument(args, 'query')));
  return runners;
}

/**
 * Runs a tool the model called, with its arguments as the model wrote them (JSON text), and returns what the
 * model is told: the tool's result, or `Error: ...` for a failure the model may recover from (a bad
 * expression, an unknown tool, a service error). The run's cancel and the node's timeout are passed on.
 */
export async function runTool(name: string, argumentsText: string, runners: ReadonlyMap<string, ToolRunner>, signal: AbortSignal): Promise<string> {
  const runner = runners.get(name);
  if (runner === undefined) return `Error: there is no tool named ${name}`;
  try {
    return await runner(JSON.parse(argumentsText || '{}') as Record<string, unknown>);
  } catch (error) {
    if (signal.aborted) throw error;
    return `Error: ${errorMessage(error)}`;
  }
}
