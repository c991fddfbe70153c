import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';

/** Checks values against the schemas inside an API document (OpenAPI 3.1 or AsyncAPI 3), `$ref`s included. */
export interface DocumentValidator {
  /** The errors of `value` against the schema at a JSON pointer of the document (`/paths/~1health/get/...`); empty when it conforms. */
  errors(pointer: string, value: unknown): ErrorObject[];
}

const DOCUMENT_ID = 'https://example.test/document.json';

/**
 * Compiles the schemas of an API document with ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses). Keywords
 * of the document formats (`example`, `discriminator`) and string formats are not checked.
 */
export function documentValidator(document: object): DocumentValidator {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const compiled = new Map<string, ValidateFunction>();
  return {
    errors(pointer, value) {
      let validate = compiled.get(pointer);
      if (validate === undefined) compiled.set(pointer, (validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` })));
      return validate(value) ? [] : [...(validate.errors ?? [])];
    },
  };
}

/** Escapes one key for a JSON pointer (`/` and `~`). */
export function pointerKey(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
