export { type AppServices } from './app-services';
export { success, failure } from './envelope';
