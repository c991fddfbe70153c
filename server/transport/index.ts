export { type AppServices } from './app-services';
export { success, failure } from './envelope';
export { pathText } from './path-text';
