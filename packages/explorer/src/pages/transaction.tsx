/**
 * A transaction: what it did (the contract, a call decoded by the stored ABI), its result and
 * revert reason, the energy and bandwidth bill, its events (decoded by the node's event API),
 * internal transactions, and the call tree from debug_traceTransaction where the node keeps it.
 */
import { type AbiEntry, decodeCall, decodeRevert } from "../abi.js";
import { toBase58 } from "../address.js";
import { type Json, jsonRpc, v1, wallet } from "../api.js";
import { AddressLink, BlockLink, Facts, Failure, Loading, Section, Status, useLoad } from "../components.js";
import { contractLabel, grouped, hexToText, time, trx } from "../format.js";

interface TxData {
  tx: Json;
  info: Json;
  abi: AbiEntry[];
  events: Json[];
  trace: Json | undefined;
}

async function loadTx(id: string): Promise<TxData | undefined> {
  const tx = await wallet("gettransactionbyid", { value: id });
  if (!tx.txID) return undefined;
  const [info, events, trace] = await Promise.all([
    wallet("gettransactioninfobyid", { value: id }),
    v1(`transactions/${id}/events`).then(
      (a) => a.data,
      () => [],
    ),
    jsonRpc("debug_traceTransaction", [`0x${id}`, { tracer: "callTracer" }]).catch(() => undefined),
  ]);
  const contract = tx.raw_data.contract[0];
  let abi: AbiEntry[] = [];
  if (contract?.type === "TriggerSmartContract") {
    const stored = await wallet("getcontract", { value: contract.parameter.value.contract_address }).catch(
      () => ({}),
    );
    abi = stored.abi?.entrys ?? [];
  }
  return { tx, info, abi, events, trace };
}

/** The reason a failed contract run gives: its revert data decoded, else the node's message. */
export function failureReason(info: Json): string | undefined {
  if (!info?.receipt?.result || info.receipt.result === "SUCCESS") return undefined;
  const decoded = info.contractResult?.[0] ? decodeRevert(info.contractResult[0]) : undefined;
  const message = info.resMessage ? hexToText(info.resMessage) : "";
  return decoded ?? (message || info.receipt.result);
}

function CallTree({ frame, depth = 0 }: { frame: Json; depth?: number }) {
  const to = frame.to ? toBase58(`41${frame.to.slice(2)}`) : undefined;
  return (
    <li>
      <span class="badge">{frame.type}</span> <AddressLink address={to} />{" "}
      <span class="muted">
        energy {grouped(BigInt(frame.gasUsed ?? "0x0"))}
        {frame.value && BigInt(frame.value) > 0n ? `, ${trx(BigInt(frame.value))}` : ""}
      </span>
      {frame.error && <span class="error"> {frame.revertReason ?? frame.error}</span>}
      {frame.calls?.length > 0 && depth < 16 && (
        <ul>
          {frame.calls.map((c: Json, i: number) => (
            <CallTree key={i} frame={c} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function TransactionPage({ id }: { id: string }) {
  const [data, error] = useLoad(() => loadTx(id), [id]);
  if (error) return <Failure error={error} />;
  if (data === undefined) return <Loading />;
  if (!data) return <p role="alert">No transaction {id} on this chain.</p>;
  const { tx, info, abi, events, trace } = data;
  const contract = tx.raw_data.contract[0];
  const value = contract?.parameter?.value ?? {};
  const ret = tx.ret?.[0]?.contractRet ?? "SUCCESS";
  const reason = failureReason(info);
  const call =
    contract?.type === "TriggerSmartContract" && value.data ? decodeCall(abi, value.data) : undefined;
  const receipt = info.receipt ?? {};
  return (
    <>
      <h1>Transaction</h1>
      <p class="mono break" id="tx-id">
        {tx.txID}
      </p>
      <Section title="Overview">
        <Facts
          rows={[
            ["Result", <Status ok={ret === "SUCCESS"} text={ret} />],
            ...(reason
              ? ([
                  [
                    "Revert reason",
                    <strong class="error" id="revert-reason">
                      {reason}
                    </strong>,
                  ],
                ] as [string, Json][])
              : []),
            ["Block", info.blockNumber !== undefined ? <BlockLink n={info.blockNumber} /> : "pending"],
            ["Time", time(info.blockTimeStamp ?? tx.raw_data.timestamp)],
            ["Type", contractLabel(contract?.type)],
            ["From", <AddressLink address={value.owner_address} full />],
            ...(value.to_address
              ? ([["To", <AddressLink address={value.to_address} full />]] as [string, Json][])
              : []),
            ...(value.contract_address
              ? ([["Contract", <AddressLink address={value.contract_address} full />]] as [string, Json][])
              : []),
            ...(info.contract_address && contract?.type === "CreateSmartContract"
              ? ([["Created contract", <AddressLink address={toBase58(info.contract_address)} full />]] as [
                  string,
                  Json,
                ][])
              : []),
            ...(value.amount !== undefined ? ([["Amount", trx(value.amount)]] as [string, Json][]) : []),
            ...(value.call_value ? ([["Call value", trx(value.call_value)]] as [string, Json][]) : []),
            ["Fee", trx(info.fee ?? 0)],
            ...(tx.raw_data.data ? ([["Memo", hexToText(tx.raw_data.data)]] as [string, Json][]) : []),
          ]}
        />
      </Section>
      {contract?.type === "TriggerSmartContract" && (
        <Section title="Contract call">
          {call ? (
            <>
              <p>
                <code id="call-signature">{call.signature}</code>
              </p>
              <table class="list" id="call-arguments">
                <thead>
                  <tr>
                    <th scope="col">Parameter</th>
                    <th scope="col">Type</th>
                    <th scope="col">Value</th>
                  </tr>
                </thead>
                <tbody>
                  {call.args.map((a) => (
                    <tr key={a.name}>
                      <td>{a.name}</td>
                      <td>
                        <code>{a.type}</code>
                      </td>
                      <td class="mono break">
                        {a.type === "address" ? <AddressLink address={a.value} full /> : a.value}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : (
            <p class="muted">No stored ABI entry matches this call.</p>
          )}
          <details>
            <summary>Call data</summary>
            <p class="mono break">{value.data}</p>
          </details>
        </Section>
      )}
      <Section title="Energy and bandwidth">
        <Facts
          rows={[
            ["Energy used", grouped(receipt.energy_usage_total ?? 0)],
            ["  from staked energy", grouped(receipt.energy_usage ?? 0)],
            ["  paid by the deployer", grouped(receipt.origin_energy_usage ?? 0)],
            ["  burned", trx(receipt.energy_fee ?? 0)],
            ["Bandwidth used", `${grouped(receipt.net_usage ?? 0)} bytes`],
            ["  burned", trx(receipt.net_fee ?? 0)],
            ["Total fee", trx(info.fee ?? 0)],
          ]}
        />
      </Section>
      {events.length > 0 && (
        <Section title="Events">
          <ol class="events" id="tx-events">
            {events.map((e) => (
              <li key={e.event_index}>
                <p>
                  <code>{e.event ?? "(no ABI)"}</code> <span class="muted">from</span>{" "}
                  <AddressLink address={e.contract_address} />
                </p>
                <table class="list">
                  <tbody>
                    {Object.entries(e.result_type ?? {}).map(([name, type]) => (
                      <tr key={name}>
                        <th scope="row">{name}</th>
                        <td>
                          <code>{String(type)}</code>
                        </td>
                        <td class="mono break">
                          {type === "address" ? (
                            <AddressLink address={toBase58(String(e.result[name]))} full />
                          ) : (
                            String(e.result[name])
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </li>
            ))}
          </ol>
        </Section>
      )}
      {(info.internal_transactions ?? []).length > 0 && (
        <Section title="Internal transactions">
          <table class="list">
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Value</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {info.internal_transactions.map((t: Json) => (
                <tr key={t.hash}>
                  <td>
                    <AddressLink address={t.caller_address} />
                  </td>
                  <td>
                    <AddressLink address={t.transferTo_address} />
                  </td>
                  <td>{trx(t.callValueInfo?.[0]?.callValue ?? 0)}</td>
                  <td>
                    {hexToText(t.note)}
                    {t.rejected ? " (rejected)" : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      )}
      {trace && (
        <Section title="Call tree">
          <ul class="tree">
            <CallTree frame={trace} />
          </ul>
        </Section>
      )}
      <details class="card">
        <summary>Raw transaction</summary>
        <pre>{JSON.stringify(tx, null, 2)}</pre>
        <p class="muted">
          {(tx.signature ?? []).length} signature(s), raw data {tx.raw_data_hex.length / 2} bytes
        </p>
      </details>
    </>
  );
}
