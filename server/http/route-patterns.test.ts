import { RoutePatterns, UNMATCHED_ROUTE } from './route-patterns';

describe('RoutePatterns', () => {
  const routes = new RoutePatterns();

  it.each([
    ['/workflows', '/workflows'],
    ['/workflows/3f1c-42', '/workflows/:execution_id'],
    ['/workflows/3f1c-42/events', '/workflows/:execution_id/events'],
    ['/workflows/run-1/nodes/mul/config', '/workflows/:execution_id/nodes/:node_id/config'],
    ['/ide/convert', '/ide/convert'],
    ['/hooks/greeter/greet/deeper', '/hooks/:deployment/*'],
    ['/docs/swagger-ui.css', '/docs/*'],
    ['/docs', '/docs/*'],
    ['/metrics', '/metrics'],
  ])('names the pattern of %s', (path, pattern) => {
    expect(routes.match(path)).toBe(pattern);
  });

  it('names every path that matches no route alike, whatever it holds', () => {
    expect(routes.match('/')).toBe(UNMATCHED_ROUTE);
    expect(routes.match('/wp-admin/login.php')).toBe(UNMATCHED_ROUTE);
    expect(routes.match('/workflows/a/b/c/d/e')).toBe(UNMATCHED_ROUTE);
  });

  it('prefers literal segments over parameters', () => {
    expect(new RoutePatterns(['/items/:id', '/items/latest']).match('/items/latest')).toBe('/items/latest');
  });
});
