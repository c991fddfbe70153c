export { AuditTrail, UNAUTHENTICATED } from './audit-trail';
