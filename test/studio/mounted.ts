/** Mounts a component into a fresh element of the document for one test and unmounts it after. */
import { afterEach } from 'vitest';
import { flushSync, mount, unmount, type Component } from 'svelte';

/** Call in a `describe`: returns `render`, which mounts and flushes and gives the element holding it. */
export function useMounted(): <P extends Record<string, unknown>>(C: Component<P>, props: P) => HTMLElement {
  let target: HTMLElement | null = null;
  let component: ReturnType<typeof mount> | null = null;
  afterEach(() => {
    if (component) unmount(component);
    component = null;
    target?.remove();
    target = null;
  });
  return (C, props) => {
    target = document.createElement('div');
    document.body.appendChild(target);
    component = mount(C, { target, props });
    flushSync();
    return target;
  };
}
