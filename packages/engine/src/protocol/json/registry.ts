import { createRegistry, type Registry } from "@bufbuild/protobuf";
import { file_protocol_common } from "../generated/protocol/common_pb.js";
import { file_protocol_contracts } from "../generated/protocol/contracts_pb.js";
import { file_protocol_core } from "../generated/protocol/core_pb.js";

/** All of tronode's `protocol.*` messages and enums, used to resolve `google.protobuf.Any` type URLs. */
export const protocolRegistry: Registry = createRegistry(
  file_protocol_core,
  file_protocol_contracts,
  file_protocol_common,
);

/** Type name of a type URL: the text after the last `/` (protobuf-java `getTypeNameFromTypeUrl`: "" when no `/`). */
export function typeNameOfUrl(typeUrl: string): string {
  const i = typeUrl.lastIndexOf("/");
  return i < 0 ? "" : typeUrl.slice(i + 1);
}
