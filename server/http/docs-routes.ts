import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';

/** The API documents the service serves. */
export interface ApiDocuments {
  /** The HTTP API, at `/openapi.json` and in Swagger UI at `/docs`. */
  openapi: object;
  /** The WebSocket API, at `/asyncapi.json`. */
  asyncapi: object;
}

/** Serves the OpenAPI document at `/openapi.json`, the AsyncAPI document at `/asyncapi.json` and Swagger UI at `/docs`. */
export function docsRoutes({ openapi, asyncapi }: ApiDocuments): Router {
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(openapi);
  });
  router.get('/asyncapi.json', (_req, res) => {
    res.json(asyncapi);
  });
  router.use('/docs', swaggerUi.serve, swaggerUi.setup(openapi, { customSiteTitle: 'Workflow Execution Service API' }));
  return router;
}
