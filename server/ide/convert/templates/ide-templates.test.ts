import { aiModelTemplates } from './ai-models';
import { communicationTemplates } from './communication';
import { dataProcessingTemplates } from './data-processing';
import { dataSourceTemplates } from './data-sources';
import { graphIoTemplates } from './graph-io';
import { IdeTemplateSchema } from './ide-template';
import { findIdeTemplate, ideTemplates } from '.';
import { logicControlTemplates } from './logic-control';
import { mathTemplates } from './math';
import { scriptingTemplates } from './scripting';
import { serverNodeTemplates } from './server-nodes';
import { storageMemoryTemplates } from './storage-memory';
import { streamDisplayTemplates } from './stream-display';
import { toolsUtilityTemplates } from './tools-utilities';
import { userInputTemplates } from './user-inputs';

describe('the IDE template table', () => {
  it('holds the 80 templates of the IDE files, plus subgraph and the legacy MongoDB pool, each id once', () => {
    const ids = ideTemplates.map((template) => template.id);
    expect(ids).toHaveLength(82);
    expect(new Set(ids).size).toBe(82);
    expect(ids).toEqual(expect.arrayContaining(['subgraph', 'tpl_mongodb']));
  });

  it('has as many templates per file as the IDE', () => {
    expect({
      aiModels: aiModelTemplates.length,
      communication: communicationTemplates.length,
      dataProcessing: dataProcessingTemplates.length,
      dataSources: dataSourceTemplates.length,
      graphIO: graphIoTemplates.length,
      logicControl: logicControlTemplates.length,
      scripting: scriptingTemplates.length,
      serverNodes: serverNodeTemplates.length,
      storageMemory: storageMemoryTemplates.length,
      streamDisplay: streamDisplayTemplates.length,
      toolsUtilities: mathTemplates.length + toolsUtilityTemplates.length,
      userInputs: userInputTemplates.length,
    }).toEqual({
      aiModels: 7,
      communication: 7,
      dataProcessing: 3,
      dataSources: 11,
      graphIO: 4,
      logicControl: 3,
      scripting: 4,
      serverNodes: 4,
      storageMemory: 6,
      streamDisplay: 2,
      toolsUtilities: 23,
      userInputs: 6,
    });
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
