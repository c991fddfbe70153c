import { STATUS_CODES } from 'node:http';
import { type Duplex } from 'node:stream';
import { type AppError } from '../errors';
import { STATUS_OF_ERROR } from '../../model';
import { failure } from '../transport';

/**
 * Answers an upgrade request that will not become a WebSocket: the error's status and envelope (with
 * `Retry-After` when waiting helps), then the socket closes.
 */
export function refuseUpgrade(socket: Duplex, error: AppError, retryAfterSeconds?: number): void {
  const status = STATUS_OF_ERROR[error.code];
  const body = JSON.stringify(failure(error));
  const retryAfter = retryAfterSeconds === undefined ? '' : `Retry-After: ${retryAfterSeconds}\r\n`;
  // Closed once the answer is out, whether or not the client closes its side: a refused socket holds no slot.
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${retryAfter}Connection: close\r\n\r\n${body}`,
  );
}
