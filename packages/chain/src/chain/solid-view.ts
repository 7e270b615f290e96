/**
 * The state at the solidified block, what /walletsolidity and the `solid` scope read. With one
 * witness the head is solidified and this is the committed state itself; with several, the
 * solidified block trails the head and the view is the committed state with the unsolidified
 * blocks' writes undone from the commit journal (`ChainStore.viewAt`), as java-tron's solidity
 * reads see it.
 */
import { ChainProperties, type ReadScope, type StateView } from "@tronode/engine/internal";
import type { ChainStore } from "@tronode/storage";

export interface SolidView {
  /** The solidified state. */
  readonly view: StateView;
  /** What a read of `scope` sees: `head` = unconfirmed (pending applied), `solid` = solidified. */
  viewOf(scope: ReadScope): StateView;
  /**
   * Recomputes the view after the committed state moved (a commit or a rewind); call it at once, so
   * no read sees the new head through the old solid view.
   */
  refresh(): void;
}

export interface SolidViewOptions {
  readonly store: ChainStore;
  /** The unconfirmed state `head` reads see (the pending pool's overlay, replaced as it rebuilds). */
  readonly headView: () => StateView;
}

export function createSolidView(options: SolidViewOptions): SolidView {
  const { store } = options;
  /** Undefined while the head is solidified: the committed state is the solid state. */
  let solid: StateView | undefined;
  const view = (): StateView => solid ?? store.view;
  return {
    get view() {
      return view();
    },
    viewOf: (scope) => (scope === "head" ? options.headView() : view()),
    refresh() {
      const props = new ChainProperties(store.view);
      const solidified = props.solidifiedNumber;
      if (solidified >= props.headNumber) {
        solid = undefined;
        return;
      }
      // the last commit whose head was at or below the solidified block (pruning keeps what follows;
      // when that commit's own record is pruned, it is the one just before the first above it)
      const marks = store.journal();
      const atOrBelow = marks.filter((mark) => mark.label <= solidified).at(-1);
      const firstAbove = marks.find((mark) => mark.label > solidified);
      const seq = atOrBelow?.seq ?? (firstAbove === undefined ? undefined : firstAbove.seq - 1n);
      solid = seq === undefined ? undefined : store.viewAt(seq);
    },
  };
}
