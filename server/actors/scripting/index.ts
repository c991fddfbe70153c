import { type AnyActorDefinition } from '../../engine';
import { javascriptScript } from './javascript-script';
import { pythonScript } from './python-script';

/** The scripting actors of the catalogue. */
export const scriptingActors: readonly AnyActorDefinition[] = [javascriptScript, pythonScript];
export { type PythonScriptActorOptions, createPythonScriptActor } from './python-script';
export { createJavascriptScriptActor } from './javascript-script';
