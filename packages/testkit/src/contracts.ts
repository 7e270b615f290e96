import { type AbiInput, type AbiValue, canonicalType, decodeAbi, encodeAbi } from "@tronode/chain";
import { bytesToHex, hexToBytes, keccak256, revertReason, TronodeError, utf8Encode } from "@tronode/engine";
import { type AddressLike, hexAddress } from "./addresses.js";
import type { Signing, TestClient } from "./client.js";
import { type Receipt, refusalOf } from "./receipt.js";
import type { TestAccount } from "./transports.js";

/** One parameter of an ABI entry, as solc writes it (tuples with their components). */
export interface AbiParameter {
  readonly name?: string;
  readonly type: string;
  readonly indexed?: boolean;
  readonly components?: readonly AbiParameter[];
}

/** One entry of a contract's ABI, as solc writes it. */
export interface AbiEntry {
  readonly type: "function" | "constructor" | "event" | "error" | "fallback" | "receive";
  readonly name?: string;
  readonly inputs?: readonly AbiParameter[];
  readonly outputs?: readonly AbiParameter[];
  readonly stateMutability?: string;
  readonly anonymous?: boolean;
}

/** An event a receipt's logs decode to with the contract's ABI. */
export interface DecodedLog {
  readonly name: string;
  /** Its arguments in order; `byName` by their names. */
  readonly args: readonly AbiValue[];
  readonly byName: Readonly<Record<string, AbiValue>>;
}

/** A custom error (or `Error(string)`, or a panic) a revert's data decodes to. */
export interface DecodedError {
  readonly name: string;
  readonly args: readonly AbiValue[];
}

/** How a contract is deployed: solc's ABI and bytecode, constructor arguments, the deployer. */
export interface DeployOptions {
  readonly abi: readonly AbiEntry[];
  /** The creation bytecode (hex, with or without 0x). */
  readonly bytecode: string;
  readonly args?: readonly AbiInput[];
  readonly from: TestAccount;
  /** Energy the deploy may burn, in sun (default 1 000 TRX). */
  readonly feeLimit?: bigint;
  readonly callValue?: bigint;
  readonly name?: string;
}

/** How a write call is sent: its signer, and TRX (and fee limit) it carries. */
export interface WriteOptions extends Signing {
  readonly from: TestAccount;
  readonly callValue?: bigint;
  readonly feeLimit?: bigint;
}

/** A deployed contract: reads through constant calls, writes through signed transactions. */
export interface TestContract {
  /** Its address (hex, 41…). */
  readonly address: string;
  readonly abi: readonly AbiEntry[];
  /** A constant call of a view function: its outputs (one value alone, several as an array). */
  read(name: string, args?: readonly AbiInput[], from?: AddressLike): Promise<AbiValue | readonly AbiValue[]>;
  /** A transaction calling the function, signed by `options.from`; its receipt. */
  write(name: string, args: readonly AbiInput[], options: WriteOptions): Promise<Receipt>;
  /** The events of this contract among the receipt's logs, decoded with its ABI. */
  events(receipt: Receipt): readonly DecodedLog[];
  /** The custom error (or Error(string) / panic) a reverted receipt carries. */
  revertError(receipt: Receipt): DecodedError | undefined;
}

const DEFAULT_FEE_LIMIT = 1_000_000_000n;

/** Deploys a contract from solc's output; the receipt, and the contract once it is created. */
export async function deployContract(
  client: TestClient,
  options: DeployOptions,
): Promise<{ readonly receipt: Receipt; readonly contract: TestContract | undefined }> {
  const constructorEntry = options.abi.find((e) => e.type === "constructor");
  const encodedArgs = constructorEntry
    ? bytesToHex(encodeAbi(typesOf(constructorEntry.inputs), options.args ?? []))
    : "";
  const receipt = await client.send(
    "deploycontract",
    {
      owner_address: options.from,
      abi: JSON.stringify(options.abi),
      bytecode: options.bytecode.replace(/^0x/, "") + encodedArgs,
      fee_limit: options.feeLimit ?? DEFAULT_FEE_LIMIT,
      call_value: options.callValue ?? 0n,
      consume_user_resource_percent: 100,
      origin_energy_limit: 10_000_000,
      name: options.name ?? "Contract",
    },
    { signers: [options.from] },
  );
  const address = receipt.contractAddress;
  return { receipt, contract: address ? contractAt(client, address, options.abi) : undefined };
}

/** A contract already on the chain, at `address`, with its ABI. */
export function contractAt(client: TestClient, address: AddressLike, abi: readonly AbiEntry[]): TestContract {
  const hex = hexAddress(address);
  const fn = (name: string) => {
    const entry = abi.find((e) => e.type === "function" && e.name === name);
    if (!entry) throw new TronodeError("ABI_MISMATCH", `the ABI has no function ${name}`);
    return entry;
  };
  const call = (name: string, args: readonly AbiInput[]) => {
    const entry = fn(name);
    return {
      entry,
      selector: `${name}(${typesOf(entry.inputs).map(canonicalType).join(",")})`,
      parameter: bytesToHex(encodeAbi(typesOf(entry.inputs), args)),
    };
  };
  const events = abi.filter((e) => e.type === "event").map((e) => ({ entry: e, topic: signatureHash(e) }));
  const errors = abi
    .filter((e) => e.type === "error")
    .map((e) => ({ entry: e, selector: signatureHash(e).slice(0, 8) }));
  return {
    address: hex,
    abi,
    async read(name, args = [], from) {
      const { entry, selector, parameter } = call(name, args);
      const answer = await client.transport.post("/wallet/triggerconstantcontract", {
        owner_address: hexAddress(from ?? hex),
        contract_address: hex,
        function_selector: selector,
        parameter,
      });
      if (answer.result?.result !== true) {
        const refusal = refusalOf(answer.result ?? answer);
        throw new TronodeError("TRANSACTION_REFUSED", `${name} cannot be called: ${refusal.message}`, {
          cause: refusal,
        });
      }
      const outputs = decodeAbi(typesOf(entry.outputs), hexToBytes(answer.constant_result?.[0] ?? ""));
      return outputs.length === 1 ? outputs[0]! : outputs;
    },
    write(name, args, options) {
      const { selector, parameter } = call(name, args);
      return client.send(
        "triggersmartcontract",
        {
          owner_address: options.from,
          contract_address: hex,
          function_selector: selector,
          parameter,
          fee_limit: options.feeLimit ?? DEFAULT_FEE_LIMIT,
          call_value: options.callValue ?? 0n,
        },
        {
          signers: options.signers ?? [options.from],
          ...(options.permissionId === undefined ? {} : { permissionId: options.permissionId }),
        },
      );
    },
    events(receipt) {
      return (receipt.logs ?? []).flatMap((log) => {
        if (log.address !== hex) return [];
        const event = events.find((e) => e.topic === log.topics[0]);
        if (!event) return [];
        const inputs = event.entry.inputs ?? [];
        const plain = inputs.filter((p) => !p.indexed);
        const data = decodeAbi(typesOf(plain), hexToBytes(log.data));
        let topic = 1;
        let at = 0;
        const args = inputs.map((p) =>
          p.indexed ? decodeAbi([typeOf(p)], hexToBytes(log.topics[topic++] ?? ""))[0]! : data[at++]!,
        );
        const byName = Object.fromEntries(inputs.map((p, i) => [p.name ?? String(i), args[i]!]));
        return [{ name: event.entry.name ?? "", args, byName }];
      });
    },
    revertError(receipt) {
      const data = receipt.returnData;
      if (receipt.result !== "REVERT" || !data) return undefined;
      const custom = errors.find((e) => data.startsWith(e.selector));
      if (custom) {
        return {
          name: custom.entry.name ?? "",
          args: decodeAbi(typesOf(custom.entry.inputs), hexToBytes(data.slice(8))),
        };
      }
      const reason = revertReason(hexToBytes(data));
      return reason === undefined
        ? undefined
        : { name: reason.startsWith("panic") ? "Panic" : "Error", args: [reason] };
    },
  };
}

/** keccak256 of an event's or error's canonical signature (`Transfer(address,address,uint256)`), hex. */
function signatureHash(entry: AbiEntry): string {
  return bytesToHex(
    keccak256(utf8Encode(`${entry.name}(${typesOf(entry.inputs).map(canonicalType).join(",")})`)),
  );
}

/** The ABI type of a parameter, tuples written `(…)` from their components. */
function typeOf(parameter: AbiParameter): string {
  if (!parameter.type.startsWith("tuple")) return parameter.type;
  return `(${(parameter.components ?? []).map(typeOf).join(",")})${parameter.type.slice(5)}`;
}

function typesOf(parameters: readonly AbiParameter[] | undefined): string[] {
  return (parameters ?? []).map(typeOf);
}
