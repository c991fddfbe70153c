import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';

/** Serves the OpenAPI document at `/openapi.json` and Swagger UI at `/docs`. */
export function docsRoutes(document: object): Router {
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.use('/docs', swaggerUi.serve, swaggerUi.setup(document, { customSiteTitle: 'Workflow Execution Service API' }));
  return router;
}
