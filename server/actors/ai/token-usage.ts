import { type JsonObject } from '../../engine';

/** The tokens a call used, in the one shape every AI node reports them in. */
export interface TokenUsage {
  /** The model that answered, as the vendor names it. */
  model: string;
  promptTokens?: number;
  completionTokens?: number;
  totalTokens?: number;
  /** What the call cost, in the vendor's currency unit (OpenRouter's credits). */
  cost?: number;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * The `usage-out` packet: `{model, promptTokens, completionTokens, totalTokens}` (and `cost` when the vendor
 * tells it); a count the vendor did not give is left out, and the total is the sum when only the parts are known.
 */
export function usagePacket(usage: TokenUsage): JsonObject {
  const packet: JsonObject = { model: usage.model };
  const prompt = count(usage.promptTokens);
  const completion = count(usage.completionTokens);
  const total = count(usage.totalTokens) ?? (prompt !== undefined && completion !== undefined ? prompt + completion : undefined);
  if (prompt !== undefined) packet.promptTokens = prompt;
  if (completion !== undefined) packet.completionTokens = completion;
  if (total !== undefined) packet.totalTokens = total;
  const cost = count(usage.cost);
  if (cost !== undefined) packet.cost = cost;
  return packet;
}

/** Adds the counts of several calls (an agent's iterations). */
export function addUsage(model: string, parts: readonly TokenUsage[]): TokenUsage {
  const sum = (pick: (usage: TokenUsage) => number | undefined): number | undefined =>
    parts.reduce<number | undefined>((total, usage) => (pick(usage) === undefined ? total : (total ?? 0) + (pick(usage) as number)), undefined);
  return { model, promptTokens: sum((u) => u.promptTokens), completionTokens: sum((u) => u.completionTokens), totalTokens: sum((u) => u.totalTokens) };
}
