import { type AnyActorDefinition } from '../../engine';
import { javascriptScript } from './javascript-script';
import { nushellScript } from './nushell-script';
import { pythonScript } from './python-script';

/** The scripting actors of the catalogue. */
export const scriptingActors: readonly AnyActorDefinition[] = [javascriptScript, nushellScript, pythonScript];
export { type PythonScriptActorOptions, createPythonInterpreterPool, createPythonScriptActor } from './python-script';
export { type NushellScriptActorOptions, createNushellScriptActor } from './nushell-script';
export { createJavascriptScriptActor } from './javascript-script';
