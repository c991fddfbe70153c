export { loadNofloComponentActors } from './load-noflo-component-actors';
