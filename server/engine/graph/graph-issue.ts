export { type GraphIssue, type GraphIssueCode, GraphIssueCodeSchema, GraphIssueCodes, GraphIssueSchema } from '../../../model';
