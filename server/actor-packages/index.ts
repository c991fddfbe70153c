// Actors from outside the service's own catalogue: the operator's packages (`actor_packages`), checked before
// they join it, and the HTTP client their firings get.
export { type ActorGroup, type ExtendOutcome, extendCatalogue } from './extend-catalogue';
export { actorExports, undescribedConfig } from './actor-export';
export { type LoadActorPackagesOptions, loadActorPackages } from './load-actor-packages';
export { type ServiceActorHttpOptions, serviceActorHttp } from './service-actor-http';
