/** A command the runtime refuses; its message is the protocol's `error` answer, and nothing was changed. */
export class GraphCommandError extends Error {}
