/** How screens find the phone and whether they are drawn as a live screen or an app-switcher preview. */
import { getContext, setContext } from 'svelte';
import type { Phone } from './phone.svelte.ts';

const PHONE = Symbol('phone');
const APP_VIEW = Symbol('app-view');

export interface AppView {
  /** True inside an app-switcher card: no side effects, no input. */
  preview: boolean;
}

export function providePhone(phone: Phone): void {
  setContext(PHONE, phone);
}

export function usePhone(): Phone {
  const phone = getContext<Phone | undefined>(PHONE);
  if (!phone) throw new Error('usePhone(): no phone in context; render screens inside <PhoneShell> (or call providePhone)');
  return phone;
}

/** The phone when there is one (a shared frame drawn outside a phone, e.g. in a component test, has none). */
export function tryPhone(): Phone | undefined {
  return getContext<Phone | undefined>(PHONE);
}

export function provideAppView(view: AppView): void {
  setContext(APP_VIEW, view);
}

export function useAppView(): AppView {
  return getContext<AppView | undefined>(APP_VIEW) ?? { preview: false };
}

/**
 * An app's model in context: its root component provides it, its screens use it. `use` outside
 * the app throws, naming the component to render the screens in.
 */
export function modelContext<M>(useName: string, app: string, component: string): { provide: (model: M) => M; use: () => M } {
  const key = Symbol(useName);
  return {
    provide(model) {
      setContext(key, model);
      return model;
    },
    use() {
      const model = getContext<M | undefined>(key);
      if (!model) throw new Error(`${useName}(): render ${app} screens inside <${component}>`);
      return model;
    },
  };
}
