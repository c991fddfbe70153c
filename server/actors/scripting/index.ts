import { type AnyActorDefinition } from '../../engine';
import { javascriptScript } from './javascript-script';

export { type JavascriptScriptConfig, JavascriptScriptConfigSchema, javascriptScript } from './javascript-script';
export { composeJavascriptScript } from './javascript-script-source';

/** The scripting actors of the catalogue. */
export const scriptingActors: readonly AnyActorDefinition[] = [javascriptScript];
