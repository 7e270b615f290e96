/** Runs async tasks one at a time, in call order (the chain's single writer). */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T> | T): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every task queued so far has finished. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
