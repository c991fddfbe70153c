import { type DeploymentService } from '../deployments';
import { type Catalogue } from '../engine';
import { type ExecutionService } from '../executions';
import { type ServiceMetrics } from '../metrics';

/** The services the HTTP and WebSocket adapters call. */
export interface AppServices {
  executions: ExecutionService;
  catalogue: Catalogue;
  deployments: DeploymentService;
  /** The metrics `/metrics` renders. */
  metrics: ServiceMetrics;
}
