/**
 * What the IDE knows of an actor that implements one of its templates: the IDE's template entry for it is
 * generated from the actor (ports from its ports, properties and defaults from its config schema) and these facts.
 * A package's actor may carry them on its definition (`ide`); the built-in actors' are kept beside the IDE's templates.
 */
export interface IdeFacts {
  /** The template's `type`, which the IDE copies onto nodes, such as `math`. */
  readonly type: string;
  /** Names of the environment variables the template declares. @default [] */
  readonly requiredEnvVars?: readonly string[];
  /**
   * The IDE editor of config keys whose schema does not tell it (`textarea`, `code-editor`, `rules`,
   * `dataOperations`, `file`); numbers, booleans, choices and text are read from the schema.
   */
  readonly editors?: Readonly<Record<string, string>>;
  /** Config keys of this service's own that the IDE's template does not have. @default [] */
  readonly ownKeys?: readonly string[];
  /** Keys the IDE marks required although the config schema gives them a default. @default [] */
  readonly requiredKeys?: readonly string[];
}
