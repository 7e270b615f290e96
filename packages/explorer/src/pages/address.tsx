/**
 * An address: TRX, TRC-10 and TRC-20 balances, resources and Stake 2.0, permissions with their
 * keys and thresholds, its history from TronGrid's v1 API (paged by fingerprint), its TRC-20
 * transfers; for a contract, its ABI, read functions callable from the page, and its events.
 */
import { useState } from "preact/hooks";
import { type AbiEntry, decodeValues, encodeArguments, isRead, selectorOf } from "../abi.js";
import { base58ToHex, hexToBytes, normalizeAddress } from "../address.js";
import { type Json, v1, wallet } from "../api.js";
import {
  AddressLink,
  BlockLink,
  Facts,
  Failure,
  ListTable,
  Loading,
  Section,
  TxLink,
  transactionColumns,
  useLoad,
} from "../components.js";
import { ago, grouped, time, trx, units } from "../format.js";

interface TokenRow {
  address: string;
  balance: bigint;
  symbol: string;
  decimals: number;
}

async function constant(contract: string, data: string, owner?: string): Promise<Json> {
  return wallet("triggerconstantcontract", {
    owner_address: owner ?? contract,
    contract_address: contract,
    data,
  });
}

async function tokenRow(address: string, balance: string): Promise<TokenRow> {
  const [symbol, decimals] = await Promise.all([
    constant(address, "95d89b41").catch(() => ({})),
    constant(address, "313ce567").catch(() => ({})),
  ]);
  const text = (r: Json, type: string) => {
    try {
      return r.constant_result?.[0]
        ? decodeValues([{ type }], hexToBytes(r.constant_result[0]))[0]!.value
        : "";
    } catch {
      return "";
    }
  };
  return {
    address,
    balance: BigInt(balance),
    symbol: text(symbol, "string") || "?",
    decimals: Number(text(decimals, "uint8") || 0),
  };
}

async function loadAddress(address: string) {
  const [account, resources, grid, contract] = await Promise.all([
    wallet("getaccount", { address }),
    wallet("getaccountresource", { address }),
    v1(`accounts/${address}`).catch(() => ({ data: [] as Json[] })),
    wallet("getcontract", { value: address }).catch(() => ({})),
  ]);
  const trc20 = await Promise.all(
    ((grid.data[0]?.trc20 ?? []) as Record<string, string>[]).map((entry) => {
      const [token, balance] = Object.entries(entry)[0]!;
      return tokenRow(token, balance);
    }),
  );
  return {
    account,
    resources,
    trc20,
    contract: contract.bytecode !== undefined || contract.abi ? contract : undefined,
  };
}

function Permission({ p }: { p: Json }) {
  return (
    <div class="permission">
      <p>
        <strong>{p.permission_name ?? p.type}</strong> <span class="muted">(id {p.id ?? 0})</span> — threshold{" "}
        <strong>{p.threshold}</strong>
      </p>
      <table class="list">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Weight</th>
          </tr>
        </thead>
        <tbody>
          {(p.keys ?? []).map((k: Json) => (
            <tr key={k.address}>
              <td>
                <AddressLink address={k.address} full />
              </td>
              <td>{k.weight}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const history = transactionColumns<Json>((t) => t);

/** Who a listed transaction pays or calls: its receiver, contract or delegation receiver. */
function recipientOf(t: Json): string | undefined {
  const v = t.raw_data.contract[0]?.parameter?.value ?? {};
  const to = v.to_address ?? v.contract_address ?? v.receiver_address;
  return to ? normalizeAddress(to) : undefined;
}

function History({ address }: { address: string }) {
  const [pages, setPages] = useState<string[]>([""]);
  const fingerprint = pages[pages.length - 1]!;
  const [page, error] = useLoad(
    () => v1(`accounts/${address}/transactions?limit=20${fingerprint ? `&fingerprint=${fingerprint}` : ""}`),
    [address, fingerprint],
  );
  if (error) return <Failure error={error} />;
  if (!page) return <Loading />;
  return (
    <>
      {page.data.length === 0 ? (
        <p class="muted">No transactions.</p>
      ) : (
        <ListTable
          id="history"
          rows={page.data as Json[]}
          rowKey={(t) => t.txID}
          columns={[
            history.transaction,
            { title: "Block", cell: (t) => <BlockLink n={t.blockNumber} /> },
            { title: "Age", cell: (t) => ago(t.block_timestamp) },
            history.type,
            {
              title: "From",
              cell: (t) => (
                <AddressLink
                  address={normalizeAddress(t.raw_data.contract[0]?.parameter?.value?.owner_address ?? "")}
                />
              ),
            },
            { title: "To", cell: (t) => <AddressLink address={recipientOf(t)} /> },
            history.result,
          ]}
        />
      )}
      <nav class="pager" aria-label="History pages">
        {pages.length > 1 && (
          <button type="button" onClick={() => setPages(pages.slice(0, -1))}>
            Newer
          </button>
        )}
        {page.meta.fingerprint && (
          <button type="button" onClick={() => setPages([...pages, page.meta.fingerprint])}>
            Older
          </button>
        )}
      </nav>
    </>
  );
}

function Trc20Transfers({ address }: { address: string }) {
  const [page, error] = useLoad(() => v1(`accounts/${address}/transactions/trc20?limit=20`), [address]);
  if (error) return <Failure error={error} />;
  if (!page) return <Loading />;
  if (page.data.length === 0) return <p class="muted">No TRC-20 transfers.</p>;
  return (
    <table class="list" id="trc20-transfers">
      <thead>
        <tr>
          <th scope="col">Transaction</th>
          <th scope="col">Age</th>
          <th scope="col">From</th>
          <th scope="col">To</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {page.data.map((t, i) => (
          <tr key={`${t.transaction_id}-${i}`}>
            <td>
              <TxLink id={t.transaction_id} />
            </td>
            <td>{ago(t.block_timestamp)}</td>
            <td>
              <AddressLink address={t.from} />
            </td>
            <td>
              <AddressLink address={t.to} />
            </td>
            <td>
              {t.type === "Approval" ? "approve " : ""}
              {units(BigInt(t.value), t.token_info.decimals)} {t.token_info.symbol}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ReadFunction({ contract, entry }: { contract: string; entry: AbiEntry }) {
  const [answer, setAnswer] = useState<string>();
  const [busy, setBusy] = useState(false);
  const inputs = entry.inputs ?? [];
  const id = `read-${entry.name}-${selectorOf(entry)}`;
  return (
    <form
      class="read"
      aria-labelledby={id}
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget as HTMLFormElement);
        setBusy(true);
        try {
          const values = inputs.map((p, i) => {
            const text = String(form.get(`arg${i}`) ?? "");
            return p.type === "address" ? (base58ToHex(text) ?? text.replace(/^0x/, "41")) : text;
          });
          const data = selectorOf(entry) + encodeArguments(inputs, values);
          const r = await constant(contract, data);
          const result = r.constant_result?.[0];
          if (r.result?.result !== true || result === undefined) {
            setAnswer(`failed: ${r.result?.message ? String(r.result.message) : "no result"}`);
          } else {
            const decoded = decodeValues(entry.outputs ?? [], hexToBytes(result));
            setAnswer(
              decoded.map((d) => `${d.name ? `${d.name}: ` : ""}${d.value}`).join(", ") || "(no output)",
            );
          }
        } catch (error) {
          setAnswer(`failed: ${(error as Error).message}`);
        } finally {
          setBusy(false);
        }
      }}
    >
      <h3 id={id}>
        <code>{entry.name}</code>
      </h3>
      {inputs.map((p, i) => (
        <label key={i}>
          {p.name || `arg${i}`} <code>{p.type}</code>
          <input name={`arg${i}`} required autocomplete="off" />
        </label>
      ))}
      <button type="submit" disabled={busy}>
        Query
      </button>
      {answer !== undefined && (
        <output class="mono break" aria-live="polite">
          {answer}
        </output>
      )}
    </form>
  );
}

function ContractEvents({ address }: { address: string }) {
  const [page, error] = useLoad(() => v1(`contracts/${address}/events?limit=20`), [address]);
  if (error) return <Failure error={error} />;
  if (!page) return <Loading />;
  if (page.data.length === 0) return <p class="muted">No events.</p>;
  return (
    <table class="list">
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Transaction</th>
          <th scope="col">Block</th>
          <th scope="col">Values</th>
        </tr>
      </thead>
      <tbody>
        {page.data.map((e) => (
          <tr key={`${e.transaction_id}-${e.event_index}`}>
            <td>{e.event_name ?? "(no ABI)"}</td>
            <td>
              <TxLink id={e.transaction_id} />
            </td>
            <td>
              <BlockLink n={e.block_number} />
            </td>
            <td class="mono break">
              {Object.keys(e.result_type ?? {})
                .map((k) => `${k}=${e.result[k]}`)
                .join(", ")}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AddressPage({ address }: { address: string }) {
  const [data, error] = useLoad(() => loadAddress(address), [address]);
  if (error) return <Failure error={error} />;
  if (!data) return <Loading />;
  const { account, resources, trc20, contract } = data;
  const exists = account.address !== undefined;
  const frozen = (account.frozenV2 ?? []) as Json[];
  const staked = (type: string) => BigInt(frozen.find((f) => (f.type ?? "BANDWIDTH") === type)?.amount ?? 0);
  const abi = (contract?.abi?.entrys ?? []) as AbiEntry[];
  return (
    <>
      <h1>{contract ? "Contract" : "Address"}</h1>
      <p class="mono break" id="address">
        {address} <span class="muted">({base58ToHex(address)})</span>
      </p>
      {!exists && <p class="muted">This address has no account on chain yet.</p>}
      <div class="columns">
        <Section title="Balances">
          <Facts
            rows={[
              ["TRX", <strong id="trx-balance">{trx(account.balance ?? 0)}</strong>],
              ...(((account.assetV2 ?? []) as Json[]).map((a) => [`TRC-10 ${a.key}`, grouped(a.value)]) as [
                string,
                Json,
              ][]),
            ]}
          />
          <h3>TRC-20</h3>
          {trc20.length === 0 ? (
            <p class="muted">No TRC-20 seen.</p>
          ) : (
            <table class="list" id="trc20-balances">
              <thead>
                <tr>
                  <th scope="col">Token</th>
                  <th scope="col">Balance</th>
                </tr>
              </thead>
              <tbody>
                {trc20.map((t) => (
                  <tr key={t.address}>
                    <td>
                      <AddressLink address={t.address} /> {t.symbol}
                    </td>
                    <td>
                      {units(t.balance, t.decimals)} {t.symbol}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Section>
        <Section title="Resources and Stake 2.0">
          <Facts
            rows={[
              [
                "Bandwidth",
                `${grouped((resources.freeNetLimit ?? 0) - (resources.freeNetUsed ?? 0) + (resources.NetLimit ?? 0) - (resources.NetUsed ?? 0))} left of ${grouped((resources.freeNetLimit ?? 0) + (resources.NetLimit ?? 0))}`,
              ],
              [
                "Energy",
                `${grouped((resources.EnergyLimit ?? 0) - (resources.EnergyUsed ?? 0))} left of ${grouped(resources.EnergyLimit ?? 0)}`,
              ],
              ["Staked for bandwidth", trx(staked("BANDWIDTH"))],
              ["Staked for energy", trx(staked("ENERGY"))],
              ["Tron power", grouped(resources.tronPowerLimit ?? 0)],
              [
                "Delegated out",
                trx(
                  BigInt(account.delegated_frozenV2_balance_for_bandwidth ?? 0) +
                    BigInt(account.account_resource?.delegated_frozenV2_balance_for_energy ?? 0),
                ),
              ],
              [
                "Delegated in",
                trx(
                  BigInt(account.acquired_delegated_frozenV2_balance_for_bandwidth ?? 0) +
                    BigInt(account.account_resource?.acquired_delegated_frozenV2_balance_for_energy ?? 0),
                ),
              ],
              [
                "Unstaking",
                ((account.unfrozenV2 ?? []) as Json[])
                  .map(
                    (u) =>
                      `${trx(u.unfreeze_amount)} (${u.type ?? "BANDWIDTH"}) at ${time(u.unfreeze_expire_time)}`,
                  )
                  .join("; ") || "—",
              ],
              [
                "Votes",
                ((account.votes ?? []) as Json[])
                  .map((v) => `${grouped(v.vote_count)} → ${v.vote_address}`)
                  .join("; ") || "—",
              ],
              ["Created", time(account.create_time)],
            ]}
          />
        </Section>
      </div>
      {exists && (
        <Section title="Permissions">
          {account.owner_permission ? (
            <Permission p={account.owner_permission} />
          ) : (
            <p class="muted">Default: the address's own key.</p>
          )}
          {account.witness_permission && <Permission p={account.witness_permission} />}
          {((account.active_permission ?? []) as Json[]).map((p) => (
            <Permission key={p.id} p={p} />
          ))}
        </Section>
      )}
      <Section title="Transactions">
        <History address={address} />
      </Section>
      <Section title="TRC-20 transfers">
        <Trc20Transfers address={address} />
      </Section>
      {contract && (
        <>
          <Section title="Read contract">
            {abi.filter(isRead).length === 0 ? (
              <p class="muted">The stored ABI has no view or pure function.</p>
            ) : (
              <div class="reads">
                {abi.filter(isRead).map((entry) => (
                  <ReadFunction key={selectorOf(entry)} contract={address} entry={entry} />
                ))}
              </div>
            )}
          </Section>
          <Section title="Events">
            <ContractEvents address={address} />
          </Section>
          <Section title="ABI">
            <details>
              <summary>{abi.length} entries</summary>
              <pre>{JSON.stringify(abi, null, 2)}</pre>
            </details>
            <p class="muted">
              Deployed by <AddressLink address={contract.origin_address} full />, user pays{" "}
              {contract.consume_user_resource_percent ?? 0}% of the energy.
            </p>
          </Section>
        </>
      )}
    </>
  );
}
