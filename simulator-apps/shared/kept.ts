/**
 * A bounded memo for what the phone draws again and again (the same avatars on every reset): the
 * value kept under a key, made the first time it is asked for; past the limit the oldest goes,
 * so the pictures of the screen in front are made again at worst.
 */
export class Kept<K, V> {
  readonly #values = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K, make: () => V): V {
    let value = this.#values.get(key);
    if (value === undefined) {
      value = make();
      if (this.#values.size >= this.limit) this.#values.delete(this.#values.keys().next().value!);
      this.#values.set(key, value);
    }
    return value;
  }
}
