/**
 * How the apps turn a path into a screen (their routes.ts): a table of patterns tried in order,
 * the first that matches makes the screen, and a path none matches is `notFound`.
 */

/** A record id in a path segment (`c_07`, `n_012`). */
export const ID = '([A-Za-z0-9_-]+)';

export type RoutePattern<S> = [RegExp, (m: RegExpMatchArray, query: URLSearchParams) => S];

/** The screen of the first pattern `base` (a path without its query) matches, or `notFound` for `path`. */
export function matchRoute<S>(patterns: readonly RoutePattern<S>[], base: string, path: string, query = new URLSearchParams()): S | { screen: 'notFound'; path: string } {
  for (const [re, make] of patterns) {
    const m = base.match(re);
    if (m) return make(m, query);
  }
  return { screen: 'notFound', path };
}
