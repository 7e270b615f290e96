/**
 * java-tron's HTTP JSON codec (JsonFormat / HttpSelfFormatFieldName / Util), descriptor driven.
 * See wire-and-http.md §3.2–§3.4.
 */
export {
  NULL_POINTER_EXCEPTION,
  PARSE_EXCEPTION,
  type ParseOptions,
  type PrintOptions,
  parseMessage,
  printMessage,
} from "./codec.js";
export {
  FASTJSON_EXCEPTION,
  JSON_PARSE_ERROR,
  JsonDecimal,
  type JsonObject,
  JsonText,
  type JsonValue,
  parseJsonText,
  stringifyJson,
} from "./json-text.js";
export { protocolRegistry } from "./registry.js";
export {
  encodeProposalCreateJson,
  type PrintTransactionOptions,
  parseTransaction,
  printBlock,
  printTransaction,
} from "./transaction.js";
export {
  ADDRESS_FIELDS,
  ALWAYS_PRINT_DEFAULTS,
  BytesMode,
  bytesModeOf,
  NAME_FIELDS,
} from "./visible-fields.js";
