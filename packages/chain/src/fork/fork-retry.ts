import { type ForkedStore, untilResolved } from "./forked-store.js";

/**
 * A service whose async methods run until they read no row the fork lacks (untilResolved): the
 * first run's answer is kept when it noted no miss, so a chain that holds what it reads pays one
 * counter comparison. Sync members (helpers that read no state) pass through unchanged.
 */
export function retryOnMisses<T extends object>(target: T, store: ForkedStore): T {
  return new Proxy(target, {
    get(object, property) {
      const member = Reflect.get(object, property, object) as unknown;
      if (typeof member !== "function") return member;
      const method = member as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => {
        const before = store.misses.count;
        const again = () => untilResolved(store, async () => method.apply(object, args));
        let first: unknown;
        try {
          first = method.apply(object, args);
        } catch (error) {
          if (store.misses.count === before) throw error;
          return store.resolve().then(again);
        }
        if (!(first instanceof Promise)) return first;
        return first.then(
          (value) => (store.misses.count === before ? value : store.resolve().then(again)),
          (error) => {
            if (store.misses.count === before) throw error;
            return store.resolve().then(again);
          },
        );
      };
    },
  });
}
