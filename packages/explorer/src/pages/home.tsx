/** Home: the head, the latest blocks and transactions (live from the head stream), dev accounts. */
import { useEffect, useState } from "preact/hooks";
import { type DevAccountEntry, devAccounts, type Json, wallet, watchHeads } from "../api.js";
import {
  AddressLink,
  BlockLink,
  Copy,
  Failure,
  ListTable,
  Loading,
  Section,
  transactionColumns,
} from "../components.js";
import { ago, short } from "../format.js";

const LATEST = 12;

/** java-tron's JSON leaves zero fields out: the genesis block has no number or timestamp. */
const numberOf = (block: Json): number => block.block_header.raw_data.number ?? 0;
const timestampOf = (block: Json): number => block.block_header.raw_data.timestamp ?? 0;

async function latest(): Promise<{ blocks: Json[]; info: Json }> {
  const [answer, info] = await Promise.all([
    wallet("getblockbylatestnum", { num: LATEST }),
    wallet("getnodeinfo"),
  ]);
  const blocks = (answer.block ?? []) as Json[];
  blocks.sort((a, b) => numberOf(b) - numberOf(a));
  return { blocks, info };
}

/** The latest transactions' rows: a transaction and the block it is in. */
const latestColumns = transactionColumns<{ tx: Json; number: number }>((row) => row.tx);

export function Home() {
  const [state, setState] = useState<{ blocks: Json[]; info: Json }>();
  const [error, setError] = useState<unknown>();
  const [accounts, setAccounts] = useState<DevAccountEntry[]>();
  const [, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    const refresh = () =>
      latest().then(
        (s) => {
          if (!live) return;
          setState(s);
          setError(undefined);
        },
        (e) => live && setError(e),
      );
    refresh();
    const stop = watchHeads(() => refresh());
    const clock = setInterval(() => setTick((t) => t + 1), 1000);
    devAccounts().then(
      (a) => live && setAccounts(a),
      () => undefined,
    );
    return () => {
      live = false;
      stop();
      clearInterval(clock);
    };
  }, []);
  if (error && !state) return <Failure error={error} />;
  if (!state) return <Loading />;
  const transactions = state.blocks.flatMap((b) =>
    (b.transactions ?? []).map((tx: Json) => ({ tx, number: numberOf(b) })),
  );
  const head = state.blocks[0];
  return (
    <>
      <section class="stats" aria-label="Chain">
        <div>
          <span class="label">Head block</span>
          <strong id="head-number">{head ? <BlockLink n={numberOf(head)} /> : "—"}</strong>
        </div>
        <div>
          <span class="label">Solidified</span>
          <strong>{state.info.solidityBlock?.match(/Num:(\d+)/)?.[1] ?? "—"}</strong>
        </div>
        <div>
          <span class="label">Peers</span>
          <strong>{state.info.activeConnectCount ?? 0}</strong>
        </div>
        <div>
          <span class="label">Node</span>
          <strong>{state.info.configNodeInfo?.codeVersion ?? "—"}</strong>
        </div>
      </section>
      <div class="columns">
        <Section title="Latest blocks">
          <table class="list" aria-live="polite" id="latest-blocks">
            <thead>
              <tr>
                <th scope="col">Block</th>
                <th scope="col">Age</th>
                <th scope="col">Txns</th>
                <th scope="col">Witness</th>
              </tr>
            </thead>
            <tbody>
              {state.blocks.map((b) => (
                <tr key={b.blockID}>
                  <td>
                    <BlockLink n={numberOf(b)} />
                  </td>
                  <td>{timestampOf(b) ? ago(timestampOf(b)) : "genesis"}</td>
                  <td>{(b.transactions ?? []).length}</td>
                  <td>
                    <AddressLink address={b.block_header.raw_data.witness_address} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
        <Section title="Latest transactions">
          {transactions.length === 0 ? (
            <p class="muted">No transactions in the latest {LATEST} blocks.</p>
          ) : (
            <ListTable
              id="latest-transactions"
              rows={transactions.slice(0, 20)}
              rowKey={({ tx }) => tx.txID}
              columns={[
                latestColumns.transaction,
                latestColumns.type,
                latestColumns.from,
                { title: "Block", cell: ({ number }) => <BlockLink n={number} /> },
                latestColumns.result,
              ]}
            />
          )}
        </Section>
      </div>
      {accounts && accounts.length > 0 && (
        <Section title="Development accounts">
          <p class="muted">Funded at genesis on this development chain. Never use these keys elsewhere.</p>
          <table class="list" id="dev-accounts">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Address</th>
                <th scope="col">Private key</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((a, i) => (
                <tr key={a.address}>
                  <td>{i}</td>
                  <td>
                    <AddressLink address={a.address} full />
                  </td>
                  <td>
                    <span class="mono">{short(a.privateKey, 6)}</span>{" "}
                    <Copy text={a.privateKey} label="Copy key" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      )}
    </>
  );
}
