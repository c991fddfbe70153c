import { z } from 'zod';
import { ActorError, type JsonValue } from '../../engine';
import { type NamedSecretLookup } from '../shared';
import { AGENT_TOOLS, type AgentToolName, toolRefusal } from './agent-tools';

/** The agent styles of the template; each is a way of prompting the same tool-calling loop. */
export const AGENT_TYPES = ['zero-shot-react', 'conversational', 'plan-and-execute'] as const;

/** An agent style. */
export type AgentType = (typeof AGENT_TYPES)[number];

const STYLE: Readonly<Record<AgentType, string>> = {
  'zero-shot-react': 'Reason about the question step by step. When a tool helps, call it and use what it returns; answer as soon as you know.',
  conversational: 'You are talking with the user; earlier turns of the conversation may matter. Call a tool when it helps, then answer.',
  'plan-and-execute':
    'First write a short plan of the steps the question needs. Then carry the steps out one by one, calling tools where they help, and finish with the answer.',
};

/** The system text of an agent style, naming the tools it may call. */
export function agentInstructions(type: AgentType, tools: readonly string[]): string {
  const available = tools.length === 0 ? 'You have no tools.' : `Your tools: ${tools.join(', ')}.`;
  return `You are an agent that answers the user's question. ${STYLE[type]} ${available}`;
}

// A list given as an array or as comma-separated text, names matched ignoring case and spaces.
function toolNames(value: unknown): unknown {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  const items = typeof value === 'string' ? value.split(',') : value;
  return Array.isArray(items) ? items.map((item) => (typeof item === 'string' ? item.trim().toLowerCase() : item)).filter((item) => item !== '') : items;
}

/** The `enabledTools` setting: a multiple choice of the template's tools. */
export function enabledToolsSetting() {
  return z
    .preprocess(toolNames, z.array(z.enum(AGENT_TOOLS)).default(['search', 'calculator']))
    .describe('The tools the agent may call; search needs a SerpAPI key, weather and news are not offered by this server');
}

/**
 * The tools of a firing: the names on `tools-in` (an array or comma-separated text) when it holds a packet,
 * else the node's `enabledTools`.
 * @throws ActorError naming a tool that is unknown or cannot be offered
 */
export function toolsOfFiring(
  packet: JsonValue | undefined,
  enabled: readonly AgentToolName[],
  searchApiKey: string | undefined,
  secret: NamedSecretLookup,
): AgentToolName[] {
  if (packet === undefined || packet === null) return [...enabled];
  const names = toolNames(packet);
  if (!Array.isArray(names)) throw new ActorError('tools-in must be a list of tool names', { tools: packet });
  return names.map((name) => {
    const tool = AGENT_TOOLS.find((known) => known === name);
    if (tool === undefined)
      throw new ActorError(`tools-in names the unknown tool ${JSON.stringify(name)}; the tools are ${AGENT_TOOLS.join(', ')}`, { tool: String(name) });
    const refusal = toolRefusal(tool, searchApiKey, secret);
    if (refusal !== undefined) throw new ActorError(`tools-in: ${refusal}`, { tool });
    return tool;
  });
}
