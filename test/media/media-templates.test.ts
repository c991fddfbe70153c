import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { actorDefinitions, createActorCatalogue, mediaActors } from '../../server/actors';
import { actorTemplate, findIdeTemplate } from '../../server/ide';
import { pngImage } from './media-samples';
import { failure, runMedia } from './run-media';

const ideCatalogue: { id: string }[] = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'ide', 'ide-templates.json'), 'utf8'));

describe('the media nodes', () => {
  it.each(mediaActors.map((actor) => [actor.id, actor] as const))('%s generates exactly the IDE template', (id, actor) => {
    expect(actorTemplate(actor)).toEqual(ideCatalogue.find((template) => template.id === id));
    expect(findIdeTemplate(id)).toEqual(actorTemplate(actor));
  });

  it("are built with the server's media cap by the catalogue", async () => {
    const image = createActorCatalogue({ maxMediaBytes: 10 }).get('tpl_image_input');
    const run = await runMedia(image!, { source: 'base64', imageFile: pngImage(2, 2).toString('base64') });
    expect(failure(run)).toMatch(/is larger than the limit of 10 bytes/);
  });

  it('are in the catalogue', () => {
    expect(actorDefinitions.filter((actor) => mediaActors.includes(actor)).map((actor) => actor.id)).toEqual([
      'tpl_image_input',
      'tpl_audio_input',
      'tpl_video_input',
      'tpl_image_stream_display',
      'tpl_audio_stream_display',
    ]);
  });
});
