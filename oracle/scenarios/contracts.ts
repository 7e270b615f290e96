/**
 * Smart contracts: a TRC-20 deployed and called, constant calls and energy estimates, events in the
 * transaction info, reverts (reason, custom error, panic), a run out of energy, and the contract
 * settings. Compiled by npm solc (test/support/solidity.ts).
 */
import { bytesToHex } from "@tronode/engine/internal";
import { compiledContracts } from "../../test/support/solidity.js";
import type { OracleNetwork } from "../network.js";
import type { Scenario } from "../scenario.js";

const hex = (a: Uint8Array) => bytesToHex(a);
const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, "0");
const addressWord = (a: Uint8Array) => "0".repeat(24) + bytesToHex(a.subarray(1));
const TRX = 1_000_000;

export async function contracts(s: Scenario, net: OracleNetwork): Promise<void> {
  const compiled = await compiledContracts();
  const [a0, a1, a2] = net.accounts;
  const owner = hex(a0!.address);

  const deploy = async (name: string, parameter = "", extra: Record<string, unknown> = {}) => {
    const c = compiled[name]!;
    const txId = await s.transact(
      "deploycontract",
      {
        owner_address: owner,
        abi: JSON.stringify(c.abi),
        bytecode: c.bytecode,
        parameter,
        name,
        fee_limit: 1000 * TRX,
        consume_user_resource_percent: 50,
        origin_energy_limit: 10_000_000,
        ...extra,
      },
      [a0!],
      name,
    );
    const info = (
      await s.ask(
        "gettransactioninfobyid",
        "/wallet/gettransactioninfobyid",
        { value: txId },
        "exact",
        `${name}: deployed`,
      )
    ).javaTron as { contract_address: string };
    return info.contract_address;
  };

  const token = await deploy("TestToken", word(1_000_000n * 10n ** 18n));
  await s.ask("getcontract", "/wallet/getcontract", { value: token });
  await s.ask("getcontractinfo", "/wallet/getcontractinfo", { value: token });
  const balanceOf = (who: Uint8Array) =>
    s.ask(
      "triggerconstantcontract",
      "/wallet/triggerconstantcontract",
      {
        owner_address: owner,
        contract_address: token,
        function_selector: "balanceOf(address)",
        parameter: addressWord(who),
      },
      "exact",
      "balanceOf",
    );
  await balanceOf(a0!.address);
  const transfer = {
    owner_address: owner,
    contract_address: token,
    function_selector: "transfer(address,uint256)",
    parameter: addressWord(a1!.address) + word(1234n * 10n ** 18n),
    fee_limit: 100 * TRX,
  };
  await s.ask("estimateenergy", "/wallet/estimateenergy", transfer);
  await s.ask(
    "triggerconstantcontract",
    "/wallet/triggerconstantcontract",
    transfer,
    "exact",
    "a transfer as a constant call",
  );
  await s.transact("triggersmartcontract", transfer, [a0!], "TRC-20 transfer");
  await balanceOf(a1!.address);
  await s.ask(
    "getaccountresource",
    "/wallet/getaccountresource",
    { address: owner },
    "exact",
    "after contract calls",
  );
  // a transfer beyond the balance reverts with the custom error
  await s.transact(
    "triggersmartcontract",
    { ...transfer, owner_address: hex(a2!.address), parameter: addressWord(a1!.address) + word(1n) },
    [a2!],
    "TRC-20 transfer without a balance",
  );
  // out of energy: a fee limit far too small
  await s.transact("triggersmartcontract", { ...transfer, fee_limit: 1000 }, [a0!], "out of energy");

  const reverter = await deploy("Reverter");
  const call = (fn: string, parameter: string) => ({
    owner_address: owner,
    contract_address: reverter,
    function_selector: fn,
    parameter,
    fee_limit: 100 * TRX,
  });
  await s.ask(
    "triggerconstantcontract",
    "/wallet/triggerconstantcontract",
    call("check(uint256)", word(5)),
    "exact",
    "revert reason",
  );
  await s.ask(
    "triggerconstantcontract",
    "/wallet/triggerconstantcontract",
    call("customError(uint256)", word(7)),
    "exact",
    "custom error",
  );
  await s.ask(
    "triggerconstantcontract",
    "/wallet/triggerconstantcontract",
    call("panic(uint256)", word(0)),
    "exact",
    "panic",
  );
  await s.ask(
    "estimateenergy",
    "/wallet/estimateenergy",
    call("requireAbove(uint256)", word(5)),
    "exact",
    "a reverting call",
  );
  await s.transact(
    "triggersmartcontract",
    call("requireAbove(uint256)", word(5)),
    [a0!],
    "a reverting transaction",
  );
  await s.transact(
    "triggersmartcontract",
    call("requireAbove(uint256)", word(50)),
    [a0!],
    "a succeeding transaction",
  );

  const events = await deploy("Events");
  await s.transact(
    "triggersmartcontract",
    {
      owner_address: owner,
      contract_address: events,
      function_selector: "store(uint256,string)",
      parameter: word(7) + word(64) + word(5) + bytesToHex(new TextEncoder().encode("hello")).padEnd(64, "0"),
      fee_limit: 100 * TRX,
    },
    [a0!],
    "events",
  );

  await s.transact(
    "updatesetting",
    { owner_address: owner, contract_address: token, consume_user_resource_percent: 80 },
    [a0!],
  );
  await s.transact(
    "updateenergylimit",
    { owner_address: owner, contract_address: token, origin_energy_limit: 5_000_000 },
    [a0!],
  );
  await s.build(
    "updatesetting",
    { owner_address: hex(a1!.address), contract_address: token, consume_user_resource_percent: 10 },
    "not the owner",
  );
  await s.transact("clearabi", { owner_address: owner, contract_address: events }, [a0!]);
  await s.ask("getcontract", "/wallet/getcontract", { value: events }, "exact", "ABI cleared");
  await s.ask("getcontractinfo", "/wallet/getcontractinfo", { value: token }, "exact", "after its settings");
  await s.ask(
    "gettransactioninfobyblocknum",
    "/wallet/gettransactioninfobyblocknum",
    { num: 1 },
    "exact",
    "an empty block",
  );
}
