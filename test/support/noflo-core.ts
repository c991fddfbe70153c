import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as noflo from 'noflo';

/*
 * noflo-core's components for NoFlo itself (npm `noflo`, a dev dependency), as noflo-core 0.6 writes them (MIT
 * licence, https://github.com/noflo/noflo-core), so that tests run a graph on NoFlo and compare what it does with
 * this service's run of the same graph. `core/Output` records what it would print with console.log.
 */

function forward(): noflo.Component {
  const c = new noflo.Component();
  c.inPorts.add('in', { datatype: 'all' });
  c.outPorts.add('out', { datatype: 'all' });
  return c.process((input, output) => {
    const data = input.get('in');
    output.sendDone({ out: data });
  });
}

function output(printed: unknown[]): () => noflo.Component {
  return () => {
    const c = new noflo.Component();
    c.inPorts.add('in', { datatype: 'all' });
    c.inPorts.add('options', { datatype: 'object', control: true });
    c.outPorts.add('out', { datatype: 'all' });
    return c.process((input, out) => {
      if (!input.hasData('in')) return;
      if (input.attached('options').length > 0 && !input.hasData('options')) return;
      const data = input.getData('in') as unknown;
      printed.push(data);
      out.sendDone({ out: data });
    });
  };
}

/** A NoFlo component loader with noflo-core's `Repeat`, `Merge`, `Split` and `Output`, and what `Output` printed. */
export interface NofloCore {
  readonly loader: noflo.ComponentLoader;
  /** The packets `core/Output` nodes printed, in order; the caller empties it between runs. */
  readonly printed: unknown[];
}

/**
 * Makes a loader rooted in an empty directory, so that it finds no other component than noflo-core's and those of
 * the installed component libraries `packages` (`noflo-strings`), each listed by NoFlo's loader of its own folder.
 */
export async function nofloCore(packages: readonly string[] = []): Promise<NofloCore> {
  const printed: unknown[] = [];
  const loader = new noflo.ComponentLoader(mkdtempSync(join(tmpdir(), 'noflo-core-')));
  await loader.listComponents();
  // In noflo-core, Merge and Split are Repeat under other names: their ports are plain, and NoFlo sends to every socket.
  loader.registerComponent('core', 'Repeat', forward);
  loader.registerComponent('core', 'Merge', forward);
  loader.registerComponent('core', 'Split', forward);
  loader.registerComponent('core', 'Output', output(printed));
  for (const name of packages) {
    const own = new noflo.ComponentLoader(dirname(require.resolve(`${name}/package.json`)));
    const listed = await own.listComponents();
    const prefix = own.getModulePrefix(name);
    for (const [full, component] of Object.entries(listed)) {
      if (full.startsWith(`${prefix}/`)) loader.registerComponent(prefix, full.slice(prefix.length + 1), component as string);
    }
  }
  return { loader, printed };
}
