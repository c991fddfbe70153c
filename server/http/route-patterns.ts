import { contract } from '../../contract';

/** The label of a request whose path matches no route. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Routes served outside the contract: `*` stands for the rest of the path. `/metrics` and the folders of
 * static pages, and the deployments' hooks, whose path below the deployment is the workflow's own.
 */
const OTHER_ROUTES = ['/metrics', '/openapi.json', '/docs/*', '/ui/*', '/hooks/:deployment/*'];

interface Pattern {
  text: string;
  segments: readonly string[];
  /** Literal segments count first, so `/ide/convert` wins over a `/ide/:id`. */
  literals: number;
  /** Ends in `*`: matches its own path and any below it. */
  folder: boolean;
}

function compile(text: string): Pattern {
  const folder = text.endsWith('/*');
  const segments = (folder ? text.slice(0, -2) : text).split('/').filter(Boolean);
  return { text, segments, literals: segments.filter((s) => !s.startsWith(':')).length, folder };
}

function matches(pattern: Pattern, parts: readonly string[]): boolean {
  if (pattern.folder ? parts.length < pattern.segments.length : parts.length !== pattern.segments.length) return false;
  return pattern.segments.every((segment, i) => segment.startsWith(':') || segment === parts[i]);
}

/**
 * Names the route pattern of a request path (`/workflows/:execution_id`), so that metrics carry a bounded set
 * of labels whatever ids the paths hold; refused requests (401, 429, 503) are named too, since matching does
 * not depend on Express having routed them.
 */
export class RoutePatterns {
  private readonly patterns: Pattern[];

  constructor(texts: readonly string[] = [...Object.values(contract).map((route) => route.path), ...OTHER_ROUTES]) {
    this.patterns = [...new Set(texts)].map(compile).sort((a, b) => b.literals - a.literals || b.segments.length - a.segments.length);
  }

  /** The pattern a path (without its query) matches, or {@link UNMATCHED_ROUTE}. */
  match(path: string): string {
    const parts = path.split('/').filter(Boolean);
    return this.patterns.find((pattern) => matches(pattern, parts))?.text ?? UNMATCHED_ROUTE;
  }
}
