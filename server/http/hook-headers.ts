/**
 * The policy every hook answer carries on top of the service's own Content-Security-Policy: the page is put in a
 * sandbox with an opaque origin (no `allow-same-origin`), so that a page or script a deployed workflow serves
 * from the service's host can read nothing of the service's origin (the /ui token in its storage, the API with
 * the browser's credentials). Its scripts, forms and popups still work, inside that sandbox.
 */
export const HOOK_SANDBOX_POLICY = 'sandbox allow-scripts allow-forms allow-popups allow-downloads';

/**
 * Headers that belong to the service, never to a workflow's answer: its security headers (the policies a
 * browser enforces for the service's origin, CORS), cookies (which the browser would send to the whole origin,
 * /ui and the API included), and the framing of the message, which the server writes itself.
 */
const SERVICE_HEADERS = new Set([
  'content-security-policy',
  'content-security-policy-report-only',
  'x-frame-options',
  'x-content-type-options',
  'x-xss-protection',
  'x-permitted-cross-domain-policies',
  'x-download-options',
  'x-dns-prefetch-control',
  'strict-transport-security',
  'referrer-policy',
  'origin-agent-cluster',
  'cross-origin-opener-policy',
  'cross-origin-embedder-policy',
  'cross-origin-resource-policy',
  'permissions-policy',
  'clear-site-data',
  'service-worker-allowed',
  'set-cookie',
  'set-cookie2',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
  'content-encoding',
  'x-execution-id',
]);

/** What Node accepts in a header value: tabs, visible ASCII and Latin-1; anything else would throw as it is set. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Whether a workflow's answer may set the header `name` (any case). */
function isHookHeaderAllowed(name: string): boolean {
  const lower = name.toLowerCase();
  return HEADER_NAME.test(name) && !SERVICE_HEADERS.has(lower) && !lower.startsWith('access-control-');
}

/**
 * The headers of a workflow's answer that the service writes: those a workflow may set, with a value Node can
 * send. The others are dropped, so that the service's own headers stay as its middleware set them.
 */
export function hookAnswerHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (isHookHeaderAllowed(name) && HEADER_VALUE.test(value)) kept[name.toLowerCase()] = value;
  }
  return kept;
}
