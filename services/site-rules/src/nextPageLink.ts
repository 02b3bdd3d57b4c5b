// The `Link` header naming a list's next page (`<path?query&cursor=…>; rel="next"`): the services
// write it, the app (and the services' tests) read it.

/**
 * The header for a page of a list, or undefined on the last page. `query` is the page's own
 * query, whose filters the next keeps.
 */
export function nextPageLink(path: string, query: Record<string, unknown>, next: string | null): string | undefined {
  if (!next) return undefined;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (name !== 'cursor' && typeof value === 'string' && value !== '') params.set(name, value);
  }
  params.set('cursor', next);
  return `<${path}?${params.toString()}>; rel="next"`;
}

/** The next page's address from an answer's `Link` header, or null on the last page. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(^|;)\s*rel="?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/.test(match[2]!)) return match[1]!;
  }
  return null;
}
