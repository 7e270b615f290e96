import type { DescMessage } from "@bufbuild/protobuf";
import * as C from "./generated/protocol/contracts_pb.js";
import { Transaction_Contract_ContractType as ContractType } from "./generated/protocol/core_pb.js";

export { ContractType };

export const TYPE_URL_PREFIX = "type.googleapis.com/";

/**
 * Parameter message of every contract type that has one, read from TRON's protos: each
 * ContractType is named after its parameter message (GetContract and CustomContract have none).
 */
export const CONTRACT_PARAMETER_SCHEMAS: ReadonlyMap<ContractType, DescMessage> = new Map(
  Object.entries(ContractType).flatMap(([name, type]) => {
    const schema = (C as Readonly<Record<string, unknown>>)[`${name}Schema`];
    return typeof type === "number" && schema !== undefined ? [[type, schema as DescMessage] as const] : [];
  }),
);

const BY_NAME = new Map<string, ContractType>(
  Object.entries(ContractType)
    .filter(([, v]) => typeof v === "number")
    .map(([k, v]) => [k, v as ContractType]),
);

/** java-tron's name of a contract type (`TransferContract`). */
export function contractTypeName(type: ContractType): string {
  return ContractType[type] ?? String(type);
}

/** The contract type of java-tron's name for it (`TransferContract`), if there is one. */
export function contractTypeByName(name: string): ContractType | undefined {
  return BY_NAME.get(name);
}

export function typeUrlOf(schema: DescMessage): string {
  return `${TYPE_URL_PREFIX}${schema.typeName}`;
}
