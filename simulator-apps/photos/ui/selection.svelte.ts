/** Select mode of a photo grid: on or off, and the ids ticked, in the order ticked. */
export class Selection {
  on = $state(false);
  ids = $state<string[]>([]);
  readonly set = $derived(new Set(this.ids));

  enter(): void {
    this.on = true;
    this.ids = [];
  }

  /** Leaves select mode; false when it was not on (the system back goes on to the screen). */
  leave(): boolean {
    if (!this.on) return false;
    this.on = false;
    this.ids = [];
    return true;
  }

  toggle(id: string): void {
    this.ids = this.set.has(id) ? this.ids.filter((x) => x !== id) : [...this.ids, id];
  }

  /** Ticks all of `ids`, or unticks them when all are ticked already (a day's 全选). */
  toggleAll(ids: readonly string[]): void {
    const all = ids.every((id) => this.set.has(id));
    this.ids = all ? this.ids.filter((x) => !ids.includes(x)) : [...this.ids, ...ids.filter((id) => !this.set.has(id))];
  }
}
