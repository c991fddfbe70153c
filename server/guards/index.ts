export { type GuardVerdict, type GuardRefusal } from './verdict';
export { clientAddressOf, type ClientAddressOf, type TrustProxyFunction } from './client-address';
export { credentialsOf } from './credentials';
export { BearerAuth } from './bearer-auth';
export { MAX_FAILED_TOKENS_PER_MINUTE } from './failure-counter';
export { PUBLIC_PATHS, isPublicPath } from './public-paths';
export { RequestBudget } from './request-budget';
export { ConnectionLimit } from './connection-limit';
export { type GraphSizeLimits, checkJsonShape, checkDeclaredLength } from './request-size';
