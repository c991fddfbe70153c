export { type GuardVerdict, type GuardRefusal, ALLOWED, refusal } from './verdict';
export { clientAddressOf, type ClientAddressOf, type TrustProxyFunction } from './client-address';
export { type Credentials, credentialsOf } from './credentials';
export { BearerAuth, type BearerAuthOptions } from './bearer-auth';
export { MAX_FAILED_TOKENS_PER_MINUTE } from './failure-counter';
export { PUBLIC_PATHS, PUBLIC_FOLDERS, isPublicPath } from './public-paths';
export { RequestBudget, type RateLimitOptions, type BudgetVerdict, type BudgetQuota, isUnmeteredPath } from './request-budget';
export { ConnectionLimit } from './connection-limit';
export { type GraphSizeLimits, checkGraphSize, checkJsonDepth, checkDeclaredLength } from './request-size';
