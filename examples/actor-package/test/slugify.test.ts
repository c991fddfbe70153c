import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runNode } from '@workflow-execution-service/actor-sdk';
import { slugify } from '../src/slugify';

describe('Slugify', () => {
  it('makes a lower-case slug of the words, accents dropped', async () => {
    const { outputs } = await runNode(slugify, { packets: [['text', 'Crème Brûlée: a  History!']] });
    assert.deepEqual(outputs, { slug: 'creme-brulee-a-history' });
  });

  it('joins with the chosen separator and cuts at a word', async () => {
    const { packets } = await runNode(slugify, { config: { separator: '_', maxLength: '12' }, packets: [['text', 'one two three four'], ['text', 'x']] });
    assert.deepEqual(packets.slug, ['one_two', 'x']);
  });

  it('routes a text without letters to error-out, with the text', async () => {
    const { outputs } = await runNode(slugify, { packets: [['text', '?!']], exportErrors: true });
    assert.deepEqual(outputs['error-out'], { text: '?!', message: 'the text has no letter or digit to make a slug of', node_id: 'node', component: 'example/slugify' });
  });

  it('refuses a separator it does not offer, naming the key', async () => {
    await assert.rejects(runNode(slugify, { config: { separator: '/' }, packets: [['text', 'a']] }), /config 'separator'/);
  });
});
