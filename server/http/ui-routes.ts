import { dirname, join } from 'node:path';
import express, { Router } from 'express';

/**
 * The page's own files (HTML, CSS, ES modules), beside the server code: `server/ui/static` in the source tree,
 * `dist/server/ui/static` once `npm run build` has copied them there.
 */
const UI_STATIC_DIR = join(__dirname, '..', 'ui', 'static');

// dagre's ES module build carries graphlib inside and imports nothing, so the browser loads it as it is.
const DAGRE_MODULE = join(dirname(require.resolve('@dagrejs/dagre/package.json')), 'dist', 'dagre.esm.js');

/**
 * Serves the `/ui` page: static files with no bundling step, and the layout library from node_modules. The page
 * is public like `/docs`; its calls to the API carry the token the user enters.
 */
export function uiRoutes(): Router {
  const router = Router();
  // Relative links in the page resolve against `/ui/`, so `/ui` moves there.
  router.get('/ui', (req, res, next) => (req.path.endsWith('/') ? next() : res.redirect(301, 'ui/')));
  router.get('/ui/vendor/dagre.esm.js', (_req, res, next) => res.sendFile(DAGRE_MODULE, { maxAge: '1h' }, (error) => error && next(error)));
  router.use('/ui', express.static(UI_STATIC_DIR, { index: 'index.html', redirect: false }));
  return router;
}
