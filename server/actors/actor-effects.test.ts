import { type AnyActorDefinition, type FiringEffects, type JsonValue } from '../engine';
import { actorDefinitions, createActorCatalogue, createPythonScriptActor } from '.';
import { createNushellScriptActor } from './scripting';

/** What each actor of the catalogue declares: its effects, or `per firing` for a function of the configuration and inputs. */
const EFFECTS: Readonly<Record<string, FiringEffects | 'per firing'>> = {
  tpl_math_absolute: 'none',
  tpl_math_add: 'none',
  tpl_math_average: 'none',
  tpl_math_clamp: 'none',
  tpl_math_divide: 'none',
  tpl_math_expression: 'repeatable',
  tpl_math_min_max: 'none',
  tpl_math_modulo: 'none',
  tpl_math_multiply: 'none',
  tpl_math_power: 'none',
  tpl_math_random: 'repeatable',
  tpl_math_round: 'none',
  tpl_math_sqrt: 'none',
  tpl_math_statistics: 'none',
  tpl_math_subtract: 'none',
  tpl_math_sum: 'none',
  tpl_text_input: 'none',
  tpl_number_input: 'none',
  tpl_range_input: 'none',
  graph_input: 'none',
  graph_output: 'none',
  tpl_if_branch: 'none',
  tpl_switch: 'none',
  tpl_loop: 'repeatable',
  tpl_javascript_script: 'repeatable',
  tpl_nushell_script: 'repeatable',
  tpl_python_script: 'per firing',
  tpl_http_request: 'per firing',
  tpl_graphql_query: 'per firing',
  tpl_rpc_call: 'once',
  tpl_data_transformer: 'repeatable',
  tpl_json_parser: 'none',
  tpl_regex_matcher: 'none',
  tpl_xml_parser: 'none',
  tpl_date_time: 'repeatable',
  tpl_csv_reader: 'repeatable',
  tpl_excel_reader: 'repeatable',
  tpl_arrow_operations: 'none',
  'core/Repeat': 'none',
  'core/Drop': 'none',
  'core/Output': 'none',
  'core/Kick': 'none',
  'core/Merge': 'none',
  'core/Split': 'none',
  'core/RepeatAsync': 'none',
  'core/RepeatDelayed': 'none',
  'core/RunInterval': 'none',
  'core/RunTimeout': 'none',
  'core/SendNext': 'none',
  'core/MakeFunction': 'repeatable',
  tpl_postgresql: 'none',
  tpl_mysql: 'none',
  tpl_sql_script: 'per firing',
  tpl_mongodb_pool_manager: 'none',
  tpl_mongodb: 'none',
  tpl_mongo_get_collection: 'per firing',
  tpl_mongo_write_collection: 'once',
  tpl_cache: 'none',
  tpl_redis: 'per firing',
  tpl_state_store: 'per firing',
  tpl_variable_lookup: 'repeatable',
  tpl_event_emitter: 'once',
  tpl_queue: 'per firing',
  tpl_interval_trigger: 'repeatable',
  tpl_cron_trigger: 'repeatable',
  tpl_langchain_agent: 'once',
  tpl_replicate_agent: 'once',
  tpl_claude: 'once',
  tpl_gemini: 'once',
  tpl_openai_gpt: 'once',
  tpl_openrouter: 'once',
  tpl_huggingface: 'once',
  tpl_s3_storage: 'per firing',
  tpl_image_input: 'repeatable',
  tpl_audio_input: 'repeatable',
  tpl_video_input: 'repeatable',
  tpl_image_stream_display: 'repeatable',
  tpl_audio_stream_display: 'repeatable',
  tpl_server_request: 'repeatable',
  tpl_server_response: 'once',
  tpl_github_api: 'per firing',
  tpl_google_sheets: 'per firing',
  tpl_hubspot: 'per firing',
  tpl_salesforce: 'per firing',
  tpl_email_sender: 'once',
  tpl_slack_webhook: 'once',
  tpl_discord_webhook: 'once',
  tpl_twilio_sms: 'once',
  tpl_twitter_post: 'once',
  tpl_linkedin_post: 'once',
  tpl_facebook_post: 'once',
};

/** One firing of a per-firing actor: its settings as a graph gives them, its input packets and the effects expected. */
type Sample = [settings: Record<string, unknown>, inputs: Record<string, JsonValue>, expected: 'repeatable' | 'once'];

const S3_KEYS = { bucket: 'reports', accessKeyId: 'id', secretAccessKey: 'key' };
const SHEET = { spreadsheetId: 'sheet', range: 'A1:B2', clientEmail: 'robot@example.iam.gserviceaccount.com', privateKey: 'key' };
const SALESFORCE = { clientId: 'id', clientSecret: 'secret', username: 'robot@example.com', password: 'password' };

const SAMPLES: Readonly<Record<string, readonly Sample[]>> = {
  tpl_python_script: [
    [{ script: 'return 1' }, {}, 'repeatable'],
    [{ script: 'return 1', allowNetwork: true }, {}, 'once'],
  ],
  tpl_http_request: [
    [{ url: 'https://api.example.com/orders' }, {}, 'repeatable'],
    [{ url: 'https://api.example.com/orders', method: 'PUT' }, { 'data-in': { id: 1 } }, 'repeatable'],
    [{ url: 'https://api.example.com/orders', method: 'DELETE' }, {}, 'repeatable'],
    [{ url: 'https://api.example.com/orders', method: 'POST' }, { 'data-in': { id: 1 } }, 'once'],
    [{ url: 'https://api.example.com/orders', method: 'PATCH' }, { 'data-in': { id: 1 } }, 'once'],
  ],
  tpl_graphql_query: [
    [{ endpoint: 'https://api.example.com/graphql', query: '{ orders { id } }' }, {}, 'repeatable'],
    [{ endpoint: 'https://api.example.com/graphql', query: 'mutation { cancel(id: 1) }', operationType: 'mutation' }, {}, 'once'],
  ],
  tpl_sql_script: [
    [{ query: 'SELECT * FROM orders WHERE id = $1' }, { 'params-in': [1] }, 'repeatable'],
    [{ query: 'INSERT INTO orders (id) VALUES ($1)', queryType: 'INSERT' }, { 'params-in': [1] }, 'once'],
    [{ query: 'DELETE FROM orders', queryType: 'SELECT' }, {}, 'once'],
  ],
  tpl_mongo_get_collection: [
    [{ collection: 'orders' }, { 'query-in': { status: 'open' } }, 'repeatable'],
    [{ collection: 'orders', operation: 'aggregate' }, { 'query-in': [{ $match: { status: 'open' } }] }, 'repeatable'],
    [{ collection: 'orders', operation: 'aggregate' }, { 'query-in': [{ $match: { status: 'open' } }, { $out: 'open_orders' }] }, 'once'],
    [{ collection: 'orders', operation: 'aggregate' }, { 'query-in': [{ $merge: { into: 'totals' } }] }, 'once'],
  ],
  tpl_redis: [
    [{ key: 'visits' }, {}, 'repeatable'],
    [{ key: 'visits', command: 'SET' }, { 'args-in': 1 }, 'once'],
    [{ key: 'visits' }, { 'command-in': 'LPUSH' }, 'once'],
    [{ key: 'visits', command: 'SET' }, { 'command-in': { command: 'hget', args: ['field'] } }, 'repeatable'],
  ],
  tpl_state_store: [
    [{ operation: 'get' }, { 'key-in': 'cart' }, 'repeatable'],
    [{ operation: 'exists' }, { 'key-in': 'cart' }, 'repeatable'],
    [{ operation: 'set' }, { 'key-in': 'cart', 'value-in': [] }, 'once'],
    [{ operation: 'delete' }, { 'key-in': 'cart' }, 'once'],
  ],
  tpl_queue: [
    [{ queueName: 'jobs', operation: 'peek' }, {}, 'repeatable'],
    [{ queueName: 'jobs', operation: 'receive' }, {}, 'once'],
    [{ queueName: 'jobs', operation: 'send' }, { 'message-in': { job: 1 } }, 'once'],
  ],
  tpl_s3_storage: [
    [{ ...S3_KEYS, operation: 'download' }, { 'key-in': 'a.csv' }, 'repeatable'],
    [{ ...S3_KEYS, operation: 'list' }, {}, 'repeatable'],
    [{ ...S3_KEYS, operation: 'upload' }, { 'key-in': 'a.csv', 'file-in': 'a,b' }, 'once'],
    [{ ...S3_KEYS, operation: 'delete' }, { 'key-in': 'a.csv' }, 'once'],
  ],
  tpl_github_api: [
    [{ operation: 'list-issues', owner: 'octo', repo: 'hello', token: 't' }, {}, 'repeatable'],
    [{ operation: 'create-issue', owner: 'octo', repo: 'hello', token: 't' }, { 'params-in': { title: 'Broken' } }, 'once'],
  ],
  tpl_google_sheets: [
    [{ ...SHEET, operation: 'read' }, {}, 'repeatable'],
    [{ ...SHEET, operation: 'append' }, { 'data-in': [[1, 2]] }, 'once'],
    [{ ...SHEET, operation: 'write' }, { 'data-in': [[1, 2]] }, 'once'],
  ],
  tpl_hubspot: [
    [{ operation: 'get', apiKey: 'k' }, { 'filter-in': '42' }, 'repeatable'],
    [{ operation: 'search', apiKey: 'k' }, { 'filter-in': { email: 'a@example.com' } }, 'repeatable'],
    [{ operation: 'batch', apiKey: 'k' }, { 'data-in': ['1', '2'] }, 'repeatable'],
    [{ operation: 'batch', apiKey: 'k' }, { 'data-in': ['1', { email: 'a@example.com' }] }, 'once'],
    [{ operation: 'create', apiKey: 'k' }, { 'data-in': { email: 'a@example.com' } }, 'once'],
  ],
  tpl_salesforce: [
    [{ ...SALESFORCE, operation: 'query', soqlQuery: 'SELECT Id FROM Account' }, {}, 'repeatable'],
    [{ ...SALESFORCE, operation: 'insert' }, { 'query-in': { Name: 'Acme' } }, 'once'],
  ],
};

/** The effects a definition declares for one firing with these settings and inputs. */
function effectsOf(definition: AnyActorDefinition, settings: Record<string, unknown>, inputs: Record<string, JsonValue>): FiringEffects | undefined {
  const { effects } = definition;
  return typeof effects === 'function' ? effects(definition.config.parse(settings), inputs) : effects;
}

const catalogue = createActorCatalogue();

describe('the effects of the catalogue actors', () => {
  it('are declared by every definition, built with the server options or without', () => {
    const undeclared = [...catalogue.list(), ...actorDefinitions].filter((definition) => definition.effects === undefined).map((definition) => definition.id);
    expect(undeclared).toEqual([]);
  });

  it('are listed in the table for every actor of the catalogue, and for nothing else', () => {
    expect(Object.keys(EFFECTS).sort()).toEqual(
      catalogue
        .list()
        .map((definition) => definition.id)
        .sort(),
    );
  });

  it.each(Object.entries(EFFECTS))('of %s are %s', (id, expected) => {
    for (const definition of [catalogue.get(id), actorDefinitions.find((unconfigured) => unconfigured.id === id)]) {
      const { effects } = definition ?? {};
      expect(typeof effects === 'function' ? 'per firing' : effects).toBe(expected);
    }
  });

  it('are sampled for every actor that tells them per firing', () => {
    const perFiring = Object.keys(EFFECTS).filter((id) => EFFECTS[id] === 'per firing');
    expect(Object.keys(SAMPLES).sort()).toEqual(perFiring.sort());
  });

  it.each(Object.entries(SAMPLES).flatMap(([id, samples]) => samples.map((sample) => [id, ...sample] as const)))(
    'of a %s firing with %j and inputs %j are %s',
    (id, settings, inputs, expected) => {
      const definition = catalogue.get(id);
      if (definition === undefined) throw new Error(`${id} is not in the catalogue`);
      expect(effectsOf(definition, settings, inputs)).toBe(expected);
    },
  );

  it("are once for scripts run without a sandbox, which reach the host's files and network", () => {
    expect(effectsOf(createPythonScriptActor({ sandbox: 'none' }), { script: 'return 1' }, {})).toBe('once');
    expect(createNushellScriptActor({ sandbox: 'none' }).effects).toBe('once');
  });
});
