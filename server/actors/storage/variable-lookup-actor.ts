import { z } from 'zod';
import { type JsonObject, type JsonValue, defineActor } from '../../engine';
import { booleanSetting, choiceSetting, optionalText } from '../shared';

/** What the variable lookup reads besides the run: the server's variables. */
export interface VariableLookupOptions {
  /** The `global` scope: variables the operator configured (`global_variables`). @default {} */
  globals?: JsonObject;
  /** The environment variables the `environment` scope may read (`variable_env_allow`); no other is ever read. @default [] */
  environmentAllowed?: readonly string[];
  /** @default process.env */
  env?: NodeJS.ProcessEnv;
  /** @default Date.now */
  now?: () => number;
}

/** The `tpl_variable_lookup` properties. */
const VariableLookupConfigSchema = z.object({
  scope: choiceSetting(
    'workflow: the run input, then its metadata; global: the server variables; environment: allow-listed variables; runtime: the execution',
    ['workflow', 'global', 'environment', 'runtime'],
    'workflow',
  ),
  defaultValue: optionalText('Sent on value-out when the variable is not found'),
  cacheResult: booleanSetting('Look each name up once per run and reuse the value', true),
  throwOnMissing: booleanSetting('Fail (or go to an error port) when the variable is not found, instead of sending the default', false),
});

type Found = { found: true; value: JsonValue } | { found: false };

/**
 * Builds the `tpl_variable_lookup` actor: resolves the name on `name-in` in its scope and sends the value (or
 * `defaultValue`, or null) on `value-out` and whether it was found on `found-out`. The environment scope reads
 * only the variables the operator allow-listed, so a graph can never read the service's secrets.
 */
export function createVariableLookupActor(options: VariableLookupOptions = {}) {
  const allowed = new Set(options.environmentAllowed ?? []);
  const env = options.env ?? process.env;
  const now = options.now ?? Date.now;
  return defineActor({
    id: 'tpl_variable_lookup',
    title: 'Variable Lookup',
    description: 'Looks a variable up in the run (input, metadata, execution) or in the server variables.',
    inports: { 'name-in': { type: 'string', description: 'The variable name.' } },
    outports: {
      'value-out': { type: 'all', description: 'The value, or defaultValue (null when unset) when it is not found.' },
      'found-out': { type: 'boolean', description: 'Whether the variable was found.' },
    },
    config: VariableLookupConfigSchema,
    createState: () => new Map<string, Found>(),
    // It reads the server's variables and environment, and the clock in the runtime scope.
    effects: 'repeatable',
    fire: async ({ config, inputs, state, execution, node, graphInput, send }) => {
      const name = inputs['name-in'];
      if (typeof name !== 'string' || name === '') throw new Error('The variable name must come as text on name-in');
      const cacheKey = `${config.scope}\u0000${name}`;
      let found = config.cacheResult ? state.get(cacheKey) : undefined;
      if (found === undefined) {
        found = lookup(config.scope, name);
        if (config.cacheResult) state.set(cacheKey, found);
      }
      if (!found.found && config.throwOnMissing) throw new Error(`Variable '${name}' not found in scope '${config.scope}'`);
      await send('found-out', found.found);
      await send('value-out', found.found ? found.value : (config.defaultValue ?? null));

      function lookup(scope: string, variable: string): Found {
        switch (scope) {
          case 'workflow': {
            const input = graphInput(variable);
            if (input.found) return input;
            return own(execution.metadata, variable);
          }
          case 'global':
            return own(options.globals ?? {}, variable);
          case 'environment': {
            const value = allowed.has(variable) ? env[variable] : undefined;
            return value === undefined ? { found: false } : { found: true, value };
          }
          default: {
            const runtime: JsonObject = {
              execution_id: execution.id,
              workflow_id: execution.workflowId,
              node_id: node.id,
              timestamp: now(),
              now: new Date(now()).toISOString(),
            };
            return own(runtime, variable);
          }
        }
      }
    },
  });
}

function own(object: JsonObject, name: string): Found {
  return Object.hasOwn(object, name) ? { found: true, value: object[name] } : { found: false };
}
