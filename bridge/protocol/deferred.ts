/** A promise with its resolve and reject in hand: for handing a result over between two loops. */
export class Deferred<T> {
  readonly promise: Promise<T>;
  resolve!: (v: T) => void;
  reject!: (e: unknown) => void;
  constructor() {
    this.promise = new Promise<T>((res, rej) => {
      this.resolve = res;
      this.reject = rej;
    });
  }
}
