/** A screen's hold on the system back (see `Phone.onBack`). */
import { useAppView, usePhone } from './context.ts';

/**
 * Lets the calling component take the system back while it is mounted (a sheet that closes, a
 * form that asks first): `handler` returns true when it consumed the back. Call it during
 * component initialisation. App-switcher previews never register.
 */
export function useBackHandler(handler: () => boolean): void {
  const phone = usePhone();
  if (useAppView().preview) return;
  $effect(() => phone.onBack(handler));
}
