export { buildOpenApiDocument } from './openapi-document';
