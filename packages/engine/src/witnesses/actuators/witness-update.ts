import { type Actuator, validateError } from "../../actuator/actuator.js";
import { isValidAddress } from "../../crypto/address.js";
import { utf8Decode } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { WitnessUpdateContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { CoreTables } from "../../state/core-tables.js";

const MAX_URL_BYTES = 256;

/** TransactionUtil.validUrl: 1..256 bytes. */
export function isValidUrl(url: Uint8Array): boolean {
  return url.length > 0 && url.length <= MAX_URL_BYTES;
}

/** WitnessUpdateContract (type 8): changes a witness's URL. */
export const witnessUpdateActuator: Actuator<typeof WitnessUpdateContractSchema> = {
  type: ContractType.WitnessUpdateContract,
  schema: WitnessUpdateContractSchema,
  typeErrorMessage:
    "contract type error, expected type [WitnessUpdateContract],real type[class com.google.protobuf.Any]",

  validate({ state }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid address");
    if (!state.get(CoreTables.accounts, p.ownerAddress)) throw validateError("account does not exist");
    if (!isValidUrl(p.updateUrl)) throw validateError("Invalid url");
    if (!state.get(CoreTables.witnesses, p.ownerAddress)) throw validateError("Witness does not exist");
  },

  execute({ state }, p) {
    const witness = state.get(CoreTables.witnesses, p.ownerAddress)!;
    state.put(CoreTables.witnesses, p.ownerAddress, { ...witness, url: utf8Decode(p.updateUrl) });
    return { fee: 0n };
  },
};
