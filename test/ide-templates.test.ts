import { readFileSync } from 'node:fs';
import path from 'node:path';
import { actorDefinitions } from '../server/actors';
import { actorTemplate, findIdeTemplate } from '../server/ide';

/** The IDE's template catalogue (its template files, transcribed): what the IDE sends and expects. */
const ideCatalogue: { id: string }[] = JSON.parse(readFileSync(path.join(__dirname, 'fixtures', 'ide', 'ide-templates.json'), 'utf8'));

describe('IDE templates', () => {
  it('match, for every template an actor implements, what the IDE ships: type, title, ports, properties and env vars', () => {
    const implemented = actorDefinitions.filter((actor) => ideCatalogue.some((template) => template.id === actor.id));
    expect(implemented.length).toBeGreaterThan(30);
    for (const actor of implemented) {
      const generated = actorTemplate(actor);
      expect({ id: actor.id, template: generated }).toEqual({ id: actor.id, template: ideCatalogue.find((t) => t.id === actor.id) });
      expect(findIdeTemplate(actor.id)).toEqual(generated);
    }
  });

  it('cover every template of the IDE, with or without an actor', () => {
    expect(ideCatalogue.filter((template) => findIdeTemplate(template.id) === undefined).map((t) => t.id)).toEqual([]);
  });
});
