import { type AnyActorDefinition } from '../../engine';
import { javascriptScript } from './javascript-script';
import { pythonScript } from './python-script';

export { type JavascriptScriptConfig, JavascriptScriptConfigSchema, javascriptScript } from './javascript-script';
export { composeJavascriptScript } from './javascript-script-source';
export {
  type PythonScriptConfig,
  type PythonScriptActorOptions,
  PythonScriptConfigSchema,
  createPythonScriptActor,
  pythonScript,
} from './python-script';
export {
  type PythonScriptRequest,
  type PythonScriptOutcome,
  type PythonFailureKind,
  DEFAULT_PYTHON_BINARY,
  runPythonScript,
} from './python-runner';
export { PYTHON_HARNESS } from './python-harness';

/** The scripting actors of the catalogue. */
export const scriptingActors: readonly AnyActorDefinition[] = [javascriptScript, pythonScript];
