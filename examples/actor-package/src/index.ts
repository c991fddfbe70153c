// The package's actors: every export is an actor definition, as the service's actor_packages requires.
export { slugify } from './slugify';
export { fetchJson } from './fetch-json';
