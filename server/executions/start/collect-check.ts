import { type GraphCompiler, type ValidGraph } from '../../engine';
import { type ErrorDetail, validationFailure } from '../../errors';
import { type Collect, joinPath } from '../../../model';

/** The most output names an error lists as the ones a graph has. */
const NAMES_SHOWN = 10;

/**
 * Checks that a request's `collect` names only outputs a run of `graph` can report (see `runOutputNames`), so that a
 * misspelt name is refused before anything runs rather than silently collecting nothing.
 * @throws AppError VALIDATION_FAILED with a detail at `<field>.<name>` for each unknown name
 */
export function checkCollect(collect: Collect | undefined, graph: ValidGraph, compiler: GraphCompiler, field = 'collect'): void {
  if (collect === undefined || typeof collect === 'string') return;
  const names = compiler.outputNames(graph);
  const unknown = Object.keys(collect).filter((name) => !names.has(name));
  if (unknown.length === 0) return;
  const known = [...names];
  const listed =
    known.length === 0
      ? 'it has none'
      : `it has ${known
          .slice(0, NAMES_SHOWN)
          .map((name) => `'${name}'`)
          .join(', ')}${known.length > NAMES_SHOWN ? ', ...' : ''}`;
  const details: ErrorDetail[] = unknown.map((name) => ({ path: joinPath(field, name), message: `The graph has no output '${name}' (${listed})` }));
  throw validationFailure('request', details);
}
