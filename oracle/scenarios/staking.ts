/** Stake 2.0 and delegation, the closed Stake 1.0 path, and the staking reads. */
import { bytesToHex } from "@tronode/engine/internal";
import type { OracleNetwork } from "../network.js";
import type { Scenario } from "../scenario.js";

const hex = (a: Uint8Array) => bytesToHex(a);
const TRX = 1_000_000;

export async function staking(s: Scenario, net: OracleNetwork): Promise<void> {
  const [, , , a3, a4] = net.accounts;
  const owner = hex(a3!.address);
  const receiver = hex(a4!.address);

  await s.transact(
    "freezebalancev2",
    { owner_address: owner, frozen_balance: 1000 * TRX, resource: "ENERGY" },
    [a3!],
    "energy",
  );
  await s.transact(
    "freezebalancev2",
    { owner_address: owner, frozen_balance: 500 * TRX },
    [a3!],
    "bandwidth (the default)",
  );
  await s.build(
    "freezebalancev2",
    { owner_address: owner, frozen_balance: 300 * TRX, resource: "TRON_POWER" },
    "tron power (needs the new resource model)",
  );
  await s.build(
    "freezebalancev2",
    { owner_address: owner, frozen_balance: 1, resource: "ENERGY" },
    "less than 1 TRX",
  );
  await s.ask("getaccount", "/wallet/getaccount", { address: owner }, "exact", "after freezing");
  await s.ask(
    "getaccountresource",
    "/wallet/getaccountresource",
    { address: owner },
    "exact",
    "after freezing",
  );
  await s.ask("getcandelegatedmaxsize", "/wallet/getcandelegatedmaxsize", { owner_address: owner, type: 1 });
  await s.ask(
    "getcandelegatedmaxsize",
    "/wallet/getcandelegatedmaxsize",
    { owner_address: owner, type: 0 },
    "exact",
    "bandwidth",
  );
  await s.ask("getavailableunfreezecount", "/wallet/getavailableunfreezecount", { owner_address: owner });

  await s.transact(
    "delegateresource",
    { owner_address: owner, receiver_address: receiver, balance: 100 * TRX, resource: "ENERGY" },
    [a3!],
    "energy, unlocked",
  );
  await s.transact(
    "delegateresource",
    {
      owner_address: owner,
      receiver_address: receiver,
      balance: 50 * TRX,
      resource: "BANDWIDTH",
      lock: true,
      lock_period: 100,
    },
    [a3!],
    "bandwidth, locked",
  );
  await s.build(
    "delegateresource",
    { owner_address: owner, receiver_address: owner, balance: 10 * TRX, resource: "ENERGY" },
    "to itself",
  );
  await s.build(
    "delegateresource",
    { owner_address: owner, receiver_address: receiver, balance: 100_000 * TRX, resource: "ENERGY" },
    "more than available",
  );
  await s.ask("getdelegatedresourcev2", "/wallet/getdelegatedresourcev2", {
    fromAddress: owner,
    toAddress: receiver,
  });
  await s.ask("getdelegatedresourceaccountindexv2", "/wallet/getdelegatedresourceaccountindexv2", {
    value: owner,
  });
  await s.ask(
    "getdelegatedresourceaccountindexv2",
    "/wallet/getdelegatedresourceaccountindexv2",
    { value: receiver },
    "exact",
    "the receiver",
  );
  await s.ask(
    "getaccountresource",
    "/wallet/getaccountresource",
    { address: receiver },
    "exact",
    "the receiver",
  );
  await s.ask("getaccount", "/wallet/getaccount", { address: receiver }, "exact", "the receiver");

  await s.transact(
    "undelegateresource",
    { owner_address: owner, receiver_address: receiver, balance: 40 * TRX, resource: "ENERGY" },
    [a3!],
    "part of the energy",
  );
  await s.build(
    "undelegateresource",
    { owner_address: owner, receiver_address: receiver, balance: 50 * TRX, resource: "BANDWIDTH" },
    "a locked delegation",
  );
  await s.transact(
    "unfreezebalancev2",
    { owner_address: owner, unfreeze_balance: 200 * TRX, resource: "ENERGY" },
    [a3!],
    "part of the energy",
  );
  await s.ask("getcanwithdrawunfreezeamount", "/wallet/getcanwithdrawunfreezeamount", {
    owner_address: owner,
    timestamp: 4_102_444_800_000,
  });
  await s.ask(
    "getavailableunfreezecount",
    "/wallet/getavailableunfreezecount",
    { owner_address: owner },
    "exact",
    "after an unfreeze",
  );
  await s.build("withdrawexpireunfreeze", { owner_address: owner }, "nothing expired yet");
  await s.build("cancelallunfreezev2", { owner_address: owner }, "closed until the committee opens it");
  await s.ask(
    "getaccount",
    "/wallet/getaccount",
    { address: owner },
    "exact",
    "after cancelling the unfreezes",
  );

  // Stake 1.0 is closed once UNFREEZE_DELAY_DAYS is set
  await s.build(
    "freezebalance",
    { owner_address: owner, frozen_balance: 10 * TRX, frozen_duration: 3 },
    "Stake 1.0 closed",
  );
  await s.build("unfreezebalance", { owner_address: owner }, "nothing frozen the old way");
  await s.ask("getdelegatedresource", "/wallet/getdelegatedresource", {
    fromAddress: owner,
    toAddress: receiver,
  });
  await s.ask("getdelegatedresourceaccountindex", "/wallet/getdelegatedresourceaccountindex", {
    value: owner,
  });
}
