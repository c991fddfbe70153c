export { buildOpenApiDocument } from './openapi-document';
export { buildAsyncApiDocument, REPLY_TO } from './asyncapi-document';
