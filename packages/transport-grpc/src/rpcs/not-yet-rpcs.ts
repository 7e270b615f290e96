/**
 * The rpcs of TRON's services tronode does not serve yet (UNIMPLEMENTED "<Service>.<rpc> is not
 * supported by tronode yet"), each with the HTTP operation of the same java-tron function, and
 * the few java-tron itself never implemented. Serving one means writing its binding (and its
 * operation, if HTTP does not serve it yet) and removing it from these lists; the service-table
 * test fails while an rpc is in neither or in both.
 */
import { PROOF_CREATION_NOT_POSSIBLE } from "@tronode/operations";
import { javaTronUnimplementedRpc, notYetRpc, type UnimplementedRpc } from "../rpc-binding.js";

/** Wallet: every rpc java-tron implements is served (proof creation aside, below). */
export const WALLET_NOT_YET: readonly UnimplementedRpc[] = [];

/** Proof creation: java-tron serves it; it needs TRON's Sapling proving parameters, which tronode cannot reach. */
export const WALLET_NOT_POSSIBLE: readonly UnimplementedRpc[] = [
  "CreateShieldedTransaction",
  "CreateShieldedTransactionWithoutSpendAuthSig",
  "CreateShieldedContractParameters",
  "CreateShieldedContractParametersWithoutAsk",
].map((rpc) => notYetRpc(rpc, rpc.toLowerCase(), PROOF_CREATION_NOT_POSSIBLE));

/** Declared by TRON's proto, never overridden in java-tron's RpcApiService. */
export const WALLET_JAVA_TRON_UNIMPLEMENTED: readonly UnimplementedRpc[] = [
  javaTronUnimplementedRpc("BuyStorage"),
  javaTronUnimplementedRpc("BuyStorageBytes"),
  javaTronUnimplementedRpc("SellStorage"),
];

/** WalletSolidity: every rpc is served. */
export const WALLET_SOLIDITY_NOT_YET: readonly UnimplementedRpc[] = [];

/** WalletExtension: java-tron registers it on a solidity node and overrides none of its rpcs. */
export const WALLET_EXTENSION_UNIMPLEMENTED: readonly UnimplementedRpc[] = [
  javaTronUnimplementedRpc("GetTransactionsFromThis"),
  javaTronUnimplementedRpc("GetTransactionsFromThis2"),
  javaTronUnimplementedRpc("GetTransactionsToThis"),
  javaTronUnimplementedRpc("GetTransactionsToThis2"),
];
