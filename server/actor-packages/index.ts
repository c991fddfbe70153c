// Actors from outside the service's own catalogue: the operator's packages (`actor_packages`), checked before
// they join it, and the HTTP client their firings get.
export { extraActorsOf } from './extra-actors';
export { serviceActorHttp } from './service-actor-http';
