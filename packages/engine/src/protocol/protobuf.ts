/**
 * The protobuf-es calls a user of the engine's messages needs, re-exported so that the engine's
 * users make and encode messages without depending on `@bufbuild/protobuf` themselves.
 */
import {
  create as protobufCreate,
  fromBinary as protobufFromBinary,
  toBinary as protobufToBinary,
} from "@bufbuild/protobuf";

export type { MessageInitShape } from "@bufbuild/protobuf";

/** A message of a schema from its fields, the rest defaulted (`create(TransferContractSchema, {...})`). */
export const create: typeof protobufCreate = protobufCreate;
/** A message of a schema from its protobuf bytes. */
export const fromBinary: typeof protobufFromBinary = protobufFromBinary;
/** A message's protobuf bytes. */
export const toBinary: typeof protobufToBinary = protobufToBinary;
