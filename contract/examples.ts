/**
 * The example data of the API's documentation: request and answer bodies of every route, the shared error
 * answers and the WebSocket messages. The OpenAPI and AsyncAPI generators read them, and tests check each one
 * against the service.
 */
export { API_EXAMPLES } from './api-examples';
export { type BodyExample } from './route-examples';
export { type ErrorExample, SHARED_ERROR_EXAMPLES, type SharedErrorStatus } from './error-examples';
export { EXAMPLE_EXECUTION_IDS } from './example-workflows';
export { CLIENT_MESSAGE_EXAMPLES, type MessageExample, SERVER_MESSAGE_EXAMPLES } from './ws-examples';
