import { type AuditTrail } from '../audit';
import { type DeploymentService } from '../deployments';
import { type Catalogue, type GraphComponents } from '../engine';
import { type ExecutionService } from '../executions';
import { type ServiceMetrics } from '../metrics';
import { type ProtocolGraphStore } from '../storage';

/** The services the HTTP and WebSocket adapters call. */
export interface AppServices {
  executions: ExecutionService;
  catalogue: Catalogue;
  deployments: DeploymentService;
  /** The metrics `/metrics` renders. */
  metrics: ServiceMetrics;
  /** Where the FBP protocol runtime keeps the graphs clients build over the protocol. */
  protocolGraphs: ProtocolGraphStore;
  /** The graph components the FBP protocol runtime registers and the execution service expands. */
  graphComponents: GraphComponents;
  /** The FBP protocol runtime's id, the same at every start on one `data_dir`. */
  fbpRuntimeId: string;
  /** Where every call that changes state, and every refused credential, is recorded. */
  audit: AuditTrail;
}
