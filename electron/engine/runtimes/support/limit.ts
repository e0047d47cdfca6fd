/** A limiter: at most `n` of the calls given to it run at once; the others wait their turn in order. */
export function createLimiter(n: number): <T>(fn: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    running--;
    waiting.shift()?.();
  };
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      return await fn();
    } finally {
      release();
    }
  };
}

/** fn over every item with at most `n` calls at once; the results keep the items' order. */
export function mapLimit<T, R>(items: readonly T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const limit = createLimiter(n);
  return Promise.all(items.map((item) => limit(() => fn(item))));
}
