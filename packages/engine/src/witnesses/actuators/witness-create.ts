import { create } from "@bufbuild/protobuf";
import { type Actuator, validateError } from "../../actuator/actuator.js";
import { burnFee } from "../../chain/fees.js";
import {
  activeDefaultOperations,
  defaultActivePermission,
  defaultOwnerPermission,
  defaultWitnessPermission,
} from "../../chain/permissions.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesToHex, utf8Decode } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { WitnessCreateContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { WitnessSchema } from "../../protocol/generated/protocol/core_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { registerWitness } from "../registry.js";
import { isValidUrl } from "./witness-update.js";

/**
 * WitnessCreateContract (type 5): an account becomes a witness candidate for ACCOUNT_UPGRADE_COST
 * (burned, or credited to the Blackhole), with no votes yet.
 */
export const witnessCreateActuator: Actuator<typeof WitnessCreateContractSchema> = {
  type: ContractType.WitnessCreateContract,
  schema: WitnessCreateContractSchema,
  typeErrorMessage:
    "contract type error, expected type [WitnessCreateContract],real type[class com.google.protobuf.Any]",

  validate({ state, props }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid address");
    if (!isValidUrl(p.url)) throw validateError("Invalid url");
    const owner = state.get(CoreTables.accounts, p.ownerAddress);
    if (!owner) throw validateError(`account[${bytesToHex(p.ownerAddress)}] not exists`);
    if (state.get(CoreTables.witnesses, p.ownerAddress)) {
      throw validateError(`Witness[${bytesToHex(p.ownerAddress)}] has existed`);
    }
    if (owner.balance < props.get("ACCOUNT_UPGRADE_COST"))
      throw validateError("balance < AccountUpgradeCost");
  },

  execute({ state, props }, p) {
    const cost = props.get("ACCOUNT_UPGRADE_COST");
    state.put(
      CoreTables.witnesses,
      p.ownerAddress,
      create(WitnessSchema, { address: p.ownerAddress, url: utf8Decode(p.url), voteCount: 0n }),
    );
    const owner = state.get(CoreTables.accounts, p.ownerAddress)!;
    // AccountCapsule.setDefaultWitnessPermission: the witness permission, and the default owner and
    // active ones where the account has none (a genesis account of java-tron's config has none)
    state.put(CoreTables.accounts, p.ownerAddress, {
      ...owner,
      isWitness: true,
      balance: owner.balance - cost,
      ...(props.isOn("ALLOW_MULTI_SIGN")
        ? {
            witnessPermission: defaultWitnessPermission(p.ownerAddress),
            ...(owner.ownerPermission ? {} : { ownerPermission: defaultOwnerPermission(p.ownerAddress) }),
            ...(owner.activePermission.length > 0
              ? {}
              : {
                  activePermission: [defaultActivePermission(p.ownerAddress, activeDefaultOperations(props))],
                }),
          }
        : {}),
    });
    burnFee(state, props, cost);
    props.add("TOTAL_CREATE_WITNESS_FEE", cost);
    registerWitness(props, p.ownerAddress);
    return { fee: cost };
  },
};
