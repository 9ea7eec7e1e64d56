/** A selector for `[data-<name>="<value>"]` with the value quoted for CSS (ids may hold any character). */
export function byData(name: string, value: string): string {
  return `[data-${name}="${value.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"]`;
}

/** Scrolls the matching descendant into view if there is one (and the DOM can scroll). */
export function revealIn(root: ParentNode | undefined, selector: string): HTMLElement | null {
  const el = root?.querySelector<HTMLElement>(selector) ?? null;
  el?.scrollIntoView?.({ block: 'nearest' });
  return el;
}
