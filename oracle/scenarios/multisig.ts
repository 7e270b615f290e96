/** Permissions: an owner threshold of two keys, a restricted active permission, partial signatures. */
import { bytesToHex } from "@tronode/engine/internal";
import type { OracleNetwork } from "../network.js";
import type { Scenario } from "../scenario.js";
import { post, signBuilt } from "../session.js";

const hex = (a: Uint8Array) => bytesToHex(a);

export async function multisig(s: Scenario, net: OracleNetwork): Promise<void> {
  const [a0, a1, , , , , a6, a7] = net.accounts;
  const owner = hex(a6!.address);
  await s.transact(
    "accountpermissionupdate",
    {
      owner_address: owner,
      owner: {
        type: 0,
        permission_name: "owner",
        threshold: 2,
        keys: [
          { address: owner, weight: 1 },
          { address: hex(a7!.address), weight: 1 },
        ],
      },
      actives: [
        {
          type: 2,
          permission_name: "transfers",
          threshold: 1,
          operations: "0200000000000000000000000000000000000000000000000000000000000000",
          keys: [{ address: hex(a0!.address), weight: 1 }],
        },
      ],
    },
    [a6!],
    "owner 2-of-2, active for transfers",
  );
  await s.ask("getaccount", "/wallet/getaccount", { address: owner }, "exact", "with permissions");
  await s.build(
    "accountpermissionupdate",
    {
      owner_address: owner,
      owner: { type: 0, permission_name: "owner", threshold: 5, keys: [{ address: owner, weight: 1 }] },
      actives: [],
    },
    "threshold above the weights",
  );

  // a transfer under the owner permission: one signature is not enough, two are
  const built = await s.build(
    "createtransaction",
    { owner_address: owner, to_address: hex(a1!.address), amount: 1_000_000 },
    "from the multi-signature account",
  );
  const once = signBuilt(built, [a6!]);
  await s.ask("getsignweight", "/wallet/getsignweight", once, "built-transaction", "one of two signatures");
  await s.ask(
    "getapprovedlist",
    "/wallet/getapprovedlist",
    once,
    "built-transaction",
    "one of two signatures",
  );
  await s.reject("broadcasttransaction", once, "one signature of a 2-of-2 owner");
  const twice = signBuilt(once, [a7!]);
  await s.ask("getsignweight", "/wallet/getsignweight", twice, "built-transaction", "both signatures");
  const answer = (await post(s.session.tronode.http, "/wallet/broadcasttransaction", twice)) as {
    result?: boolean;
  };
  if (answer.result !== true) throw new Error(`the 2-of-2 transfer was refused: ${JSON.stringify(answer)}`);
  await s.session.confirmed((twice as { txID: string }).txID);
  await s.ask(
    "gettransactioninfobyid",
    "/wallet/gettransactioninfobyid",
    { value: (twice as { txID: string }).txID },
    "exact",
    "the multi-signature transfer",
  );

  // the active permission (id 2) allows transfers only, signed by a0
  await s.transact(
    "createtransaction",
    { owner_address: owner, to_address: hex(a1!.address), amount: 2_000_000, Permission_id: 2 },
    [a0!],
    "through the active permission",
  );
  await s.build(
    "transferasset",
    {
      owner_address: owner,
      to_address: hex(a1!.address),
      asset_name: "31303030303031",
      amount: 1,
      Permission_id: 2,
    },
    "an operation the active permission lacks",
  );
  await s.build(
    "createtransaction",
    { owner_address: owner, to_address: hex(a1!.address), amount: 1, Permission_id: 3 },
    "a permission id that does not exist",
  );
}
