/** The addresses of the IDE the event bridge talks to, all derived from `ide_url`. */
export interface IdeEndpoints {
  /** `POST` opens a trace session. */
  sessions: string;
  /** `POST` adds a batch of events to a trace session. */
  events(sessionId: string): string;
  /** `POST` closes a trace session. */
  complete(sessionId: string): string;
  /** The session object's WebSocket: `ws(s)://` form of `ide_url`, path `/ws/zip`, with `namespace` and `node_id` as query parameters. */
  socket: string;
}

/**
 * The IDE's addresses: paths are appended to the path of `ideUrl` (so an IDE served under a prefix
 * works), its query and fragment are dropped.
 * @throws Error when `ideUrl` is not an http(s) URL
 */
export function ideEndpoints(ideUrl: string, identity: { namespace: string; nodeId: string }): IdeEndpoints {
  const base = new URL(ideUrl);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error(`ide_url must be an http(s) URL, got '${ideUrl}'`);
  const prefix = base.pathname.replace(/\/+$/, '');
  const at = (path: string, protocol = base.protocol) => {
    const url = new URL(base.href);
    url.protocol = protocol;
    url.pathname = `${prefix}${path}`;
    url.search = '';
    url.hash = '';
    return url;
  };
  const socket = at('/ws/zip', base.protocol === 'https:' ? 'wss:' : 'ws:');
  socket.searchParams.set('namespace', identity.namespace);
  socket.searchParams.set('node_id', identity.nodeId);
  const session = (sessionId: string, action: string) => at(`/api/zip/traces/${encodeURIComponent(sessionId)}/${action}`).href;
  return {
    sessions: at('/api/zip/traces/sessions').href,
    events: (sessionId) => session(sessionId, 'events'),
    complete: (sessionId) => session(sessionId, 'complete'),
    socket: socket.href,
  };
}
