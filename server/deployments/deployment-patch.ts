import { type DeploymentPatch, type DeploymentRequest } from '../../model';

/** The workflow and settings a patch may change: all of it but `paused`, which is not part of the request. */
type RequestChanges = Omit<DeploymentPatch, 'paused'>;

const WORKFLOW_FORMS = ['workflow', 'graph_json', 'graph_fbp'] as const;
const SETTINGS = ['timeout_ms', 'collect', 'max_concurrent_runs', 'continue_on_timeout'] as const;

/**
 * The request a deployment has once `changes` are applied: a workflow given replaces the deployed one whatever
 * its form, `input` replaces the input, a setting given replaces it and `null` removes it; the rest is kept.
 */
export function patchedRequest(request: DeploymentRequest, changes: RequestChanges): DeploymentRequest {
  const next: Record<string, unknown> = { ...request };
  if (WORKFLOW_FORMS.some((form) => changes[form] !== undefined)) {
    for (const form of WORKFLOW_FORMS) delete next[form];
    for (const form of WORKFLOW_FORMS) if (changes[form] !== undefined) next[form] = changes[form];
  }
  if (changes.input !== undefined) next.input = changes.input;
  for (const setting of SETTINGS) {
    const value = changes[setting];
    if (value === null) delete next[setting];
    else if (value !== undefined) next[setting] = value;
  }
  return next as DeploymentRequest;
}
