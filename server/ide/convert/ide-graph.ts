import { type JsonObject, type JsonValue } from '../../engine';

/** A value read from the submitted workflow, with the path it was read at. */
export interface Located<T> {
  readonly value: T;
  readonly path: string;
}

/** Which way a port carries packets. */
export type PortDirection = 'input' | 'output';

/** A port a node declares itself (`metadata.ports`, `ports`, `metadata.inputs/outputs`). */
export interface DeclaredPort {
  readonly id: string;
  readonly direction: PortDirection;
}

/** The ways a node names its template, in the order the IDE format's rule tries them. */
interface TemplateReference {
  /** `metadata.templateId` or `template_id`. */
  readonly explicit?: Located<string>;
  /** `node.type` and `metadata.type`, or `node_type`: used only when they are a known template id. */
  readonly types: readonly Located<string>[];
  /** Where an issue about a missing template points. */
  readonly path: string;
}

/** A node of either dialect, read into one form. */
export interface IdeNode {
  readonly id: string;
  readonly path: string;
  readonly template: TemplateReference;
  readonly title?: string;
  /** The ports the node declares; undefined when it declares none, so the template's apply. */
  readonly ports?: readonly DeclaredPort[];
  /** `defaultValue` of each property definition the node carries. */
  readonly definitionDefaults: Readonly<Record<string, JsonValue>>;
  readonly propertyValues: JsonObject;
  /** Where the property values were read, so issues about one of them point at it. */
  readonly propertyValuesPath: string;
  /** The env var names the node declares; undefined when it declares none, so the template's apply. */
  readonly requiredEnvVars?: readonly string[];
  /** The node's retry policy, as the engine reads `metadata.retry`, where the workflow carries one. */
  readonly retry?: JsonObject;
  /** The graph a `subgraph` node runs. */
  readonly graphId?: Located<string>;
  /** Where an issue about a missing graph reference points. */
  readonly graphIdPath: string;
}

/** One end of a connection. */
export interface IdeEndpoint {
  readonly nodeId: Located<string>;
  readonly portId: Located<string>;
}

/** A connection of either dialect: `source` is the output side, `target` the input side. */
export interface IdeConnection {
  readonly id?: string;
  readonly path: string;
  readonly source: IdeEndpoint;
  readonly target: IdeEndpoint;
}

/** A visual group of nodes. */
interface IdeGroup {
  readonly name: string;
  readonly nodes: readonly string[];
  readonly description?: string;
  readonly color?: string;
}

/** A graph of either dialect, read into one form. */
export interface IdeGraph {
  readonly id: string;
  readonly name: string;
  readonly namespace?: string;
  readonly isMain: boolean;
  /** Where the graph sits in the submitted workflow: `graphs[1]`, `state` or `''`. */
  readonly path: string;
  readonly nodes: readonly IdeNode[];
  readonly connections: readonly IdeConnection[];
  readonly groups: readonly IdeGroup[];
}
