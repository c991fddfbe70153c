/** How messages name a URL: scheme, host and path, never its query, which often carries keys. */
export function describeUrl(url: URL | string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return String(url);
  }
}
