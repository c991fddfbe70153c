import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/*
 * The README is a front page that links into docs/, and the docs pages link each other and back: every relative
 * link of these pages names a file that exists and, with a #fragment, a heading that page has.
 */

const root = join(__dirname, '..');
const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  'SECURITY.md',
  ...readdirSync(join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];

/** The page's text outside fenced code blocks, where a `[x](y)` is code, not a link. */
function prose(file: string): string {
  return readFileSync(join(root, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
}

/** The anchors GitHub gives the page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of prose(file).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** Every relative link of the page: the file it names (relative to the project) and its fragment. */
function relativeLinks(file: string): { target: string; fragment: string | undefined; text: string }[] {
  return [...prose(file).matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([text, href]) => ({ text, href }))
    .filter(({ href }) => !/^[a-z]+:/i.test(href))
    .map(({ text, href }) => {
      const [path, fragment] = href.split('#');
      const target = path === '' ? file : relative(root, join(root, dirname(file), path));
      return { target, fragment, text };
    });
}

describe('the links between the README and the docs pages', () => {
  it('the README links every docs page', () => {
    const linked = new Set(relativeLinks('README.md').map((link) => link.target));
    expect(PAGES.filter((page) => page.startsWith('docs/') && !linked.has(page))).toEqual([]);
  });

  it.each(PAGES)('%s links only files and headings that exist', (file) => {
    const broken = relativeLinks(file).filter(
      ({ target, fragment }) => !existsSync(join(root, target)) || (fragment !== undefined && target.endsWith('.md') && !anchors(target).has(fragment)),
    );
    expect(broken).toEqual([]);
  });
});
