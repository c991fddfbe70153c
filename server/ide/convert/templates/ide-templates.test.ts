import { graphIoTemplates } from './graph-io';
import { IdeTemplateSchema } from './ide-template';
import { actorDefinitions } from '../../../actors';
import { ACTOR_IDE_FACTS } from './actor-ide-facts';
import { findIdeTemplate, ideFactsOf, ideTemplates } from '.';

describe('the IDE template table', () => {
  it('holds the 80 templates of the IDE files, plus subgraph and the legacy MongoDB pool, each id once', () => {
    const ids = ideTemplates.map((template) => template.id);
    expect(ids).toHaveLength(82);
    expect(new Set(ids).size).toBe(82);
    expect(ids).toEqual(expect.arrayContaining(['subgraph', 'tpl_mongodb']));
  });

  it('generates every template from the actor that implements it, but the proxies (conversion shortcuts) and subgraph', () => {
    const implemented = actorDefinitions.filter((actor) => ideFactsOf(actor.id) !== undefined).map((actor) => actor.id);
    expect(implemented).toHaveLength(79);
    expect(graphIoTemplates.map((template) => template.id)).toEqual(['proxy_input', 'proxy_output']);
    expect(implemented.filter((id) => id === 'proxy_input' || id === 'proxy_output')).toEqual([]);
    expect(implemented.length + graphIoTemplates.length + 1).toBe(82);
  });

  it('holds IDE facts of actors only: every entry of the facts table names an actor of the catalogue', () => {
    const actorIds = new Set(actorDefinitions.map((actor) => actor.id));
    expect(Object.keys(ACTOR_IDE_FACTS).filter((id) => !actorIds.has(id))).toEqual([]);
  });

  it('matches its schema entry by entry, with no port listed twice', () => {
    for (const template of ideTemplates) {
      expect(IdeTemplateSchema.parse(template)).toEqual(template);
      const ports = [...template.inputs, ...template.outputs];
      expect(new Set(ports).size).toBe(ports.length);
    }
  });

  it('shares template types among families, as the sidebar copies them onto nodes', () => {
    const count = (type: string) => ideTemplates.filter((template) => template.type === type).length;
    expect([count('math'), count('ai-model'), count('script'), count('graph-io'), count('database')]).toEqual([16, 5, 4, 4, 4]);
  });

  it('transcribes ports, defaults, required marks and env var names', () => {
    expect(findIdeTemplate('tpl_http_request')).toEqual({
      id: 'tpl_http_request',
      type: 'http',
      title: 'HTTP Request',
      inputs: ['data-in', 'headers-in'],
      outputs: ['response-out', 'error-out'],
      properties: {
        url: { type: 'text', required: true },
        method: { type: 'select', required: false, defaultValue: 'GET' },
        timeout: { type: 'number', required: false, defaultValue: 30000 },
        retryCount: { type: 'number', required: false, defaultValue: 3 },
        followRedirects: { type: 'boolean', required: false, defaultValue: true },
      },
      requiredEnvVars: [],
    });
    expect(findIdeTemplate('graph_input')?.properties.inputName).toEqual({ type: 'text', required: true, defaultValue: 'input' });
    expect(findIdeTemplate('tpl_regex_matcher')?.properties.flags).toEqual({ type: 'select', required: false, multiple: true, defaultValue: ['g'] });
    expect(findIdeTemplate('tpl_postgresql')?.requiredEnvVars).toEqual(['DATABASE_URL', 'DB_PASSWORD', 'DB_USER']);
    expect(findIdeTemplate('tpl_sql_script')?.inputs).toEqual(['pool-id', 'params-in']);
    expect(findIdeTemplate('subgraph')).toMatchObject({ inputs: ['input'], outputs: ['output'], properties: {} });
  });

  it('answers undefined for an id the IDE does not have', () => {
    expect(findIdeTemplate('http')).toBeUndefined();
  });
});
