/**
 * The contract state read java-tron's JSON-RPC makes and its HTTP API has no servlet for
 * (`eth_getStorageAt`), over the unconfirmed head state: a StorageRowStore row at java-tron's key
 * (`Storage.compose` under the contract's version and CREATE2 hash).
 */
import { ContractTables, readStorageRow, storageAddressHash, storageRowKey } from "@tronode/engine/internal";
import type { EthStateQueries } from "@tronode/operations";
import type { ChainService } from "../chain/chain-service.js";

export class EthStateService implements EthStateQueries {
  constructor(private readonly chain: ChainService) {}

  async storageAt(address: Uint8Array, slot: Uint8Array): Promise<Uint8Array | undefined> {
    const view = this.chain.headView;
    const contract = view.get(ContractTables.contracts, address);
    if (!contract) return undefined;
    const hash = storageAddressHash(address, contract.trxHash);
    return readStorageRow(view, address, slot, storageRowKey(hash, slot, contract.version));
  }
}
