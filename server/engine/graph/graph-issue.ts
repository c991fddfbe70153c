export { type GraphIssue } from '../../../model';
