export { AuditTrail } from './audit-trail';
