import { type AccessScope } from '../../model';
import { type AuditAction } from '../../model';
import { type RouteName } from './contract-routes';
import { contract } from '../../contract';
import { RoutePatterns } from './route-patterns';

/** What a route asks of its caller: a scope (or none, for the public checks), and the audit action of a call that changes state. */
export interface RouteAccess {
  readonly scope: AccessScope | 'public';
  readonly audit?: AuditAction;
}

/**
 * The access rule of every route of the contract: a route added without one does not compile. Reads need
 * `read`; starts and cancels `run`; deployments' changes `deploy`; what removes history or changes a running
 * node's configuration, and the audit trail, `admin`.
 */
export const ROUTE_ACCESS: Readonly<Record<RouteName, RouteAccess>> = {
  health: { scope: 'public' },
  ready: { scope: 'public' },
  listActors: { scope: 'read' },
  getActor: { scope: 'read' },
  validateGraph: { scope: 'read' },
  convertIdeWorkflow: { scope: 'read' },
  listWorkflows: { scope: 'read' },
  getWorkflow: { scope: 'read' },
  getWorkflowRequest: { scope: 'read' },
  getWorkflowEvents: { scope: 'read' },
  listDeployments: { scope: 'read' },
  getDeployment: { scope: 'read' },
  startWorkflow: { scope: 'run', audit: 'execution.start' },
  executeIdeWorkflow: { scope: 'run', audit: 'execution.start' },
  cancelWorkflow: { scope: 'run', audit: 'execution.cancel' },
  createDeployment: { scope: 'deploy', audit: 'deployment.create' },
  updateDeployment: { scope: 'deploy', audit: 'deployment.update' },
  pauseDeployment: { scope: 'deploy', audit: 'deployment.pause' },
  resumeDeployment: { scope: 'deploy', audit: 'deployment.resume' },
  deleteDeployment: { scope: 'deploy', audit: 'deployment.delete' },
  deleteWorkflow: { scope: 'admin', audit: 'execution.delete' },
  updateNodeConfig: { scope: 'admin', audit: 'node_config.patch' },
  listAudit: { scope: 'admin' },
};

/** The scope of the routes served outside the contract that ask for a token. */
const OTHER_ROUTE_SCOPES: Readonly<Record<string, AccessScope>> = { 'GET /metrics': 'admin' };

/** A request matched to its route: the rule it follows, and the route's name for messages (`POST /workflows`). */
export interface MatchedAccess extends RouteAccess {
  readonly route: string;
}

/** Finds the access rule of a request by its method and path; a path no route serves needs `read`, so that only a token learns it is unknown. */
export class RouteAccessRules {
  private readonly rules = new Map<string, RouteAccess>();

  constructor(private readonly patterns = new RoutePatterns()) {
    for (const [name, route] of Object.entries(contract)) this.rules.set(`${route.method} ${route.path}`, ROUTE_ACCESS[name as RouteName]);
    for (const [route, scope] of Object.entries(OTHER_ROUTE_SCOPES)) this.rules.set(route, { scope });
  }

  /** The rule of a request. */
  of(method: string, path: string): MatchedAccess {
    const route = `${method === 'HEAD' ? 'GET' : method} ${this.patterns.match(path)}`;
    return { route, ...(this.rules.get(route) ?? { scope: 'read' }) };
  }
}
