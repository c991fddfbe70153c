import { type Duplex } from 'node:stream';

/** The answers to requests Node's HTTP parser refuses before the app sees them, as Node itself gives them. */
const ANSWER_OF_PARSER_ERROR: Readonly<Record<string, string>> = {
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
};

/** How long a refused connection may go on sending before it is cut. */
const DRAIN_MS = 2000;

/**
 * Answers a request the HTTP parser refused (a method HTTP does not define, a malformed head, a head or body
 * too slow): the status Node would give, then the connection is ended rather than destroyed. Node's own
 * answer destroys the socket at once, so a client still sending its body gets a reset instead of the answer
 * (Node 24 shows it for any body larger than a few kilobytes). What the client still sends is read and
 * dropped, for at most {@link DRAIN_MS}.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = (error.code !== undefined && ANSWER_OF_PARSER_ERROR[error.code]) || '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.resume();
  setTimeout(() => socket.destroy(), DRAIN_MS).unref();
}
