// Actors from outside the service's own catalogue: the operator's packages (`actor_packages`), checked before
// they join it, and the HTTP client their firings get.
export { extraActors } from './extra-actors';
export { serviceActorHttp } from './service-actor-http';
