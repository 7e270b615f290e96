/** A block: header, witness, and its transactions with their results and fees. */
import { type Json, wallet } from "../api.js";
import {
  AddressLink,
  BlockLink,
  Facts,
  Failure,
  ListTable,
  Loading,
  Section,
  transactionColumns,
  useLoad,
} from "../components.js";
import { grouped, time, trx } from "../format.js";

async function loadBlock(key: string): Promise<{ block: Json; infos: Json[] } | undefined> {
  const block = /^\d+$/.test(key)
    ? await wallet("getblockbynum", { num: Number(key) })
    : await wallet("getblockbyid", { value: key });
  if (!block.blockID) return undefined;
  const infos = await wallet("gettransactioninfobyblocknum", {
    num: block.block_header.raw_data.number ?? 0,
  });
  return { block, infos: Array.isArray(infos) ? infos : [] };
}

const listed = transactionColumns<Json>((tx) => tx);

export function BlockPage({ id }: { id: string }) {
  const [data, error] = useLoad(() => loadBlock(id), [id]);
  if (error) return <Failure error={error} />;
  if (data === undefined) return <Loading />;
  const { block, infos } = data;
  if (!block) return <p role="alert">No block {id} on this chain.</p>;
  // java-tron's JSON leaves zero fields out (the genesis block's number and timestamp)
  const raw = { number: 0, timestamp: 0, ...block.block_header.raw_data };
  const feeOf = new Map(infos.map((i: Json) => [i.id, i]));
  return (
    <>
      <h1>
        Block <span id="block-number">{grouped(raw.number)}</span>
      </h1>
      <nav class="pager" aria-label="Neighbouring blocks">
        {raw.number > 0 && <BlockLink n={raw.number - 1} />}
        <span aria-hidden="true"> ← → </span>
        <a href={`#/block/${raw.number + 1}`}>{grouped(raw.number + 1)}</a>
      </nav>
      <Section title="Overview">
        <Facts
          rows={[
            ["Block id", <span class="mono">{block.blockID}</span>],
            ["Time", time(raw.timestamp)],
            ["Witness", <AddressLink address={raw.witness_address} full />],
            [
              "Parent",
              raw.number > 0 ? (
                <a href={`#/block/${raw.parentHash}`} class="mono">
                  {raw.parentHash}
                </a>
              ) : (
                "—"
              ),
            ],
            ["Transactions", String((block.transactions ?? []).length)],
            ["Transaction root", <span class="mono">{raw.txTrieRoot}</span>],
            ["Version", String(raw.version ?? 0)],
          ]}
        />
      </Section>
      <Section title="Transactions">
        {(block.transactions ?? []).length === 0 ? (
          <p class="muted">This block holds no transaction.</p>
        ) : (
          <ListTable
            rows={block.transactions as Json[]}
            rowKey={(tx) => tx.txID}
            columns={[
              listed.transaction,
              listed.type,
              listed.from,
              { title: "Fee", cell: (tx) => trx(feeOf.get(tx.txID)?.fee ?? 0) },
              listed.result,
            ]}
          />
        )}
      </Section>
    </>
  );
}
