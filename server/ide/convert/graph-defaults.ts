/**
 * What a graph falls back to for the fields it does not carry: a graph of `graphs[]` has none, the one graph
 * of a legacy envelope (top-level `nodes`) is `{id: "main", name: "Main", namespace: "main", isMain: true}`.
 */
export interface GraphDefaults {
  readonly id?: string;
  readonly name?: string;
  readonly namespace?: string;
  readonly isMain?: boolean;
}
