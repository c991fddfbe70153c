import { type components } from './generated/openapi';

/** A message the server sends over `/ws`. */
export type ServerMessage = components['schemas']['WsServerMessage'];
/** A message a client sends over `/ws`. */
export type ClientMessage = components['schemas']['WsClientMessage'];

/**
 * The server's reply of type `T`. A request the server refuses as a frame (over the rate limit, say) resolves
 * as this reply too, with `success: false`, its `error` and `code`, and `retry_after` when rate-limited.
 */
export type Reply<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }> & { retry_after?: number };
