import { ActorError, choiceSetting, defineActor, errorOutPort, numberSetting, z } from '@workflow-execution-service/actor-sdk';

/** Turns a title into a URL slug: `Hello, World!` becomes `hello-world`. Pure, so a durable run simply runs it again. */
export const slugify = defineActor({
  id: 'example/slugify',
  title: 'Slugify',
  description: 'Turns a text into a lower-case URL slug.',
  inports: { text: { type: 'string', required: true, description: 'The text to turn into a slug' } },
  outports: { slug: { type: 'string', description: 'The slug' }, ...errorOutPort('for a text with no letter or digit') },
  config: z.object({
    separator: choiceSetting('What joins the words', ['-', '_', '.'], '-'),
    maxLength: numberSetting('The longest slug, cut at a word where it can be', z.number().int().min(1).max(200).default(80)),
  }),
  effects: 'none',
  fire: async ({ inputs, config, send }) => {
    const words = String(inputs.text ?? '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word !== '');
    if (words.length === 0) throw new ActorError('the text has no letter or digit to make a slug of', { text: inputs.text ?? null });
    let slug = words.join(config.separator);
    if (slug.length > config.maxLength) {
      const cut = slug.slice(0, config.maxLength);
      const lastSeparator = cut.lastIndexOf(config.separator);
      slug = lastSeparator > 0 ? cut.slice(0, lastSeparator) : cut;
    }
    await send('slug', slug);
  },
});
