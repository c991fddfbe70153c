import { CliError } from './cli-error';
import { classifyWorkflowText, readWorkflowFile } from './workflow-file';

describe('classifyWorkflowText', () => {
  it('reads a .fbp file as .fbp text whatever it holds', () => {
    expect(classifyWorkflowText('sum.fbp', '{"processes": {}}')).toEqual({ kind: 'fbp', path: 'sum.fbp', text: '{"processes": {}}' });
  });

  it('tells an IDE workflow by its graphs array and an engine graph otherwise', () => {
    expect(classifyWorkflowText('w.json', '{"id": "w", "graphs": []}').kind).toBe('ide');
    expect(classifyWorkflowText('g.json', '{"processes": {}, "connections": []}').kind).toBe('graph');
    expect(classifyWorkflowText('g.json', '{"graphs": "not a list", "processes": {}}').kind).toBe('graph');
  });

  it('reads text of another extension that is not JSON as .fbp', () => {
    expect(classifyWorkflowText('graph.txt', "'3' -> A_IN mul(tpl_math_multiply)").kind).toBe('fbp');
  });

  it('refuses a .json file that is not JSON, naming the file', () => {
    expect(() => classifyWorkflowText('broken.json', '{"processes": ')).toThrow(/^broken\.json is not valid JSON/);
  });

  it('refuses JSON that is not an object', () => {
    expect(() => classifyWorkflowText('list.json', '[1, 2]')).toThrow(CliError);
  });
});

describe('readWorkflowFile', () => {
  it('says so when the file does not exist', async () => {
    await expect(readWorkflowFile('/nonexistent/graph.json')).rejects.toThrow('Cannot read /nonexistent/graph.json: no such file');
  });
});
