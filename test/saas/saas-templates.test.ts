import { readFileSync } from 'node:fs';
import path from 'node:path';
import { saasActors } from '../../server/actors';
import { actorTemplate } from '../../server/ide';
import { jsonSchemaOf } from '../../server/actor-config';

const ideCatalogue: { id: string }[] = JSON.parse(readFileSync(path.join(__dirname, '..', 'fixtures', 'ide', 'ide-templates.json'), 'utf8'));

describe('the SaaS actors', () => {
  it('each produce exactly the IDE template they implement: ports, properties, defaults and env vars', () => {
    expect(saasActors.map((actor) => actor.id)).toEqual(['tpl_github_api', 'tpl_google_sheets', 'tpl_hubspot', 'tpl_salesforce']);
    for (const actor of saasActors) {
      expect({ id: actor.id, template: actorTemplate(actor) }).toEqual({ id: actor.id, template: ideCatalogue.find((template) => template.id === actor.id) });
    }
  });

  it('offer in each select exactly the options of the IDE reference', () => {
    const options = (id: string, key: string) => {
      const schema = jsonSchemaOf(saasActors.find((actor) => actor.id === id)!.config) as { properties: Record<string, { enum?: string[] }> };
      return schema.properties[key].enum;
    };
    expect(options('tpl_github_api', 'operation')).toEqual(['get-repo', 'list-issues', 'create-issue', 'get-pr', 'list-commits']);
    expect(options('tpl_google_sheets', 'operation')).toEqual(['read', 'write', 'append', 'clear']);
    expect(options('tpl_google_sheets', 'valueInputOption')).toEqual(['RAW', 'USER_ENTERED']);
    expect(options('tpl_hubspot', 'objectType')).toEqual(['contacts', 'companies', 'deals', 'tickets']);
    expect(options('tpl_hubspot', 'operation')).toEqual(['get', 'create', 'update', 'search', 'batch']);
    expect(options('tpl_salesforce', 'operation')).toEqual(['query', 'insert', 'update', 'delete', 'upsert']);
    expect(options('tpl_salesforce', 'object')).toEqual(['Account', 'Contact', 'Lead', 'Opportunity', 'Case']);
  });
});
