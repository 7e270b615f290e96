/** Small shared pieces: links to the explorer's pages, copy buttons, key/value tables, states. */
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { normalizeAddress } from "./address.js";
import { contractLabel, short } from "./format.js";

export const href = {
  block: (n: number | string) => `#/block/${n}`,
  tx: (id: string) => `#/tx/${id}`,
  address: (a: string) => `#/address/${a}`,
};

export function BlockLink({ n }: { n: number | string }) {
  return <a href={href.block(n)}>{Number(n).toLocaleString("en-US")}</a>;
}

export function TxLink({ id, full = false }: { id: string; full?: boolean }) {
  return (
    <a class="mono" href={href.tx(id)} title={id}>
      {full ? id : short(id)}
    </a>
  );
}

export function AddressLink({
  address: given,
  full = false,
}: {
  address: string | undefined;
  full?: boolean;
}) {
  if (!given) return <span>—</span>;
  // some of java-tron's answers print hex even when asked for visible addresses (listwitnesses)
  const address = normalizeAddress(given) ?? given;
  return (
    <a class="mono" href={href.address(address)} title={address}>
      {full ? address : short(address, 6)}
    </a>
  );
}

export function Copy({ text, label = "Copy" }: { text: string; label?: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      class="copy"
      aria-label={`${label}: ${short(text)}`}
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setDone(true);
        setTimeout(() => setDone(false), 1200);
      }}
    >
      {done ? "Copied" : label}
    </button>
  );
}

/** A two-column table of facts. */
export function Facts({ rows }: { rows: [string, ComponentChildren][] }) {
  return (
    <table class="facts">
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Section({
  title,
  children,
  id,
}: {
  title: string;
  children: ComponentChildren;
  id?: string;
}) {
  return (
    <section class="card" aria-labelledby={id ?? slug(title)}>
      <h2 id={id ?? slug(title)}>{title}</h2>
      {children}
    </section>
  );
}

const slug = (s: string) => `section-${s.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

export function Loading() {
  return (
    <p class="muted" role="status">
      Loading…
    </p>
  );
}

export function Failure({ error }: { error: unknown }) {
  return (
    <p class="error" role="alert">
      {error instanceof Error ? error.message : String(error)}
    </p>
  );
}

/** Runs `load` when `deps` change; gives [value, error]. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): [T | undefined, unknown] {
  const [state, setState] = useState<[T | undefined, unknown]>([undefined, undefined]);
  useEffect(() => {
    let live = true;
    setState([undefined, undefined]);
    load().then(
      (value) => live && setState([value, undefined]),
      (error) => live && setState([undefined, error ?? new Error("failed")]),
    );
    return () => {
      live = false;
    };
  }, deps);
  return state;
}

export function Status({ ok, text }: { ok: boolean; text: string }) {
  return <span class={ok ? "badge ok" : "badge fail"}>{text}</span>;
}

/** A column of a list table: its header, and what a row shows under it. */
export interface Column<Row> {
  readonly title: string;
  readonly cell: (row: Row) => ComponentChildren;
}

/** The list tables' one shape: a header row, then a row per item. */
export function ListTable<Row>({
  id,
  columns,
  rows,
  rowKey,
}: {
  id?: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <table class="list" id={id}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.title} scope="col">
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td key={c.title}>{c.cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** java-tron's transaction JSON as the lists read it. */
// biome-ignore lint/suspicious/noExplicitAny: the node's JSON, read loosely
type ListedTransaction = any;

/** The columns the transaction lists share, for rows that hold a java-tron transaction. */
export function transactionColumns<Row>(txOf: (row: Row) => ListedTransaction) {
  const contract = (row: Row) => txOf(row).raw_data.contract[0];
  const result = (row: Row): string => txOf(row).ret?.[0]?.contractRet ?? "SUCCESS";
  return {
    transaction: { title: "Transaction", cell: (row) => <TxLink id={txOf(row).txID} /> },
    type: { title: "Type", cell: (row) => contractLabel(contract(row)?.type) },
    from: {
      title: "From",
      cell: (row) => <AddressLink address={contract(row)?.parameter?.value?.owner_address} />,
    },
    result: {
      title: "Result",
      cell: (row) => <Status ok={result(row) === "SUCCESS"} text={result(row)} />,
    },
  } satisfies Record<string, Column<Row>>;
}
