/** The providers the OpenRouter template offers. */
export const OPENROUTER_PROVIDERS = ['openai', 'anthropic', 'google', 'meta', 'mistral', 'cohere'] as const;

/** An OpenRouter template provider. */
export type OpenRouterProvider = (typeof OPENROUTER_PROVIDERS)[number];

/** Each model of the template, with its provider and the id OpenRouter knows it by. */
const MODELS = {
  'gpt-4-turbo': { provider: 'openai', id: 'openai/gpt-4-turbo' },
  'gpt-4': { provider: 'openai', id: 'openai/gpt-4' },
  'gpt-3.5-turbo': { provider: 'openai', id: 'openai/gpt-3.5-turbo' },
  'claude-3-opus': { provider: 'anthropic', id: 'anthropic/claude-3-opus' },
  'claude-3-sonnet': { provider: 'anthropic', id: 'anthropic/claude-3-sonnet' },
  'claude-3-haiku': { provider: 'anthropic', id: 'anthropic/claude-3-haiku' },
  'gemini-pro': { provider: 'google', id: 'google/gemini-pro' },
  'gemini-pro-vision': { provider: 'google', id: 'google/gemini-pro-vision' },
  'llama-2-70b-chat': { provider: 'meta', id: 'meta-llama/llama-2-70b-chat' },
  'codellama-34b': { provider: 'meta', id: 'meta-llama/codellama-34b-instruct' },
  'mixtral-8x7b': { provider: 'mistral', id: 'mistralai/mixtral-8x7b-instruct' },
  'mistral-7b': { provider: 'mistral', id: 'mistralai/mistral-7b-instruct' },
  command: { provider: 'cohere', id: 'cohere/command' },
} as const satisfies Record<string, { provider: OpenRouterProvider; id: string }>;

/** The models of the OpenRouter template, in its order. */
export const OPENROUTER_MODELS = Object.keys(MODELS) as [keyof typeof MODELS, ...(keyof typeof MODELS)[]];

/** A model of the OpenRouter template. */
export type OpenRouterModel = keyof typeof MODELS;

/** The OpenRouter id (`provider/model`) of a template model. */
export function openRouterModelId(model: OpenRouterModel): string {
  return MODELS[model].id;
}

/** Why a model does not go with a provider, or undefined when it does. */
export function providerMismatch(provider: OpenRouterProvider, model: OpenRouterModel): string | undefined {
  const own = MODELS[model].provider;
  return own === provider ? undefined : `${model} is a model of ${own}, not of ${provider}; pick a ${provider} model or the provider ${own}`;
}
