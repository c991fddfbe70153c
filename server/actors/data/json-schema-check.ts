import { Ajv, type ValidateFunction } from 'ajv';
import { type JsonValue, errorMessage } from '../../engine';

/** One reason a value does not match its schema: where (a JSON pointer, `''` for the value itself) and why. */
interface SchemaViolation {
  readonly path: string;
  readonly message: string;
}

/** The outcome of a check. */
export type SchemaCheck = { ok: true } | { ok: false; violations: SchemaViolation[] };

/**
 * Validates values against JSON Schemas with ajv, compiling each distinct schema once (the last one is kept,
 * as a sticky schema port repeats the same schema for every packet).
 */
export class JsonSchemaChecker {
  private readonly ajv = new Ajv({ allErrors: true, strict: false });
  private cached: { text: string; validate: ValidateFunction } | undefined;

  /**
   * Compiles a schema into a checking function.
   * @throws Error when the schema itself is invalid.
   */
  validator(schema: JsonValue): (value: JsonValue) => SchemaCheck {
    const validate = this.compile(schema);
    return (value) => {
      if (validate(value)) return { ok: true };
      const violations = (validate.errors ?? []).map((error) => ({ path: error.instancePath, message: `${error.instancePath || '(value)'} ${error.message ?? 'is invalid'}` }));
      return { ok: false, violations };
    };
  }

  private compile(schema: JsonValue): ValidateFunction {
    const text = JSON.stringify(schema);
    if (this.cached?.text === text) return this.cached.validate;
    if (typeof schema !== 'boolean' && (schema === null || typeof schema !== 'object' || Array.isArray(schema))) {
      throw new Error('The schema must be a JSON Schema object');
    }
    let validate: ValidateFunction;
    try {
      this.ajv.removeSchema();
      validate = this.ajv.compile(schema);
    } catch (error) {
      throw new Error(`Invalid JSON Schema: ${errorMessage(error)}`);
    }
    this.cached = { text, validate };
    return validate;
  }
}
