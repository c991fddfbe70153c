// The part of the `fbp` package (NoFlo's .fbp parser) this service uses; the package ships no types.
declare module 'fbp' {
  /** Parses .fbp text into a NoFlo JSON graph; port names are lowercased unless `caseSensitive`. */
  export function parse(text: string, options?: { caseSensitive?: boolean }): Record<string, unknown>;
}
