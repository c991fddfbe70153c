import { type TaskTable } from '../../offload';

/**
 * The one task of the threads that check the texts a sandbox held out of its answer: parsing proves a text
 * JSON (a script that replaced built-ins could have spoiled it), and its UTF-8 size comes with it. Loaded
 * only inside those threads, which load nothing else.
 */
export const TASKS = {
  jsonTextBytes: (p: { text: string }): number => {
    JSON.parse(p.text);
    return Buffer.byteLength(p.text, 'utf8');
  },
} satisfies TaskTable;
