/**
 * The engine's API-level protocol messages (`api.proto`) and java-tron's JSON codec, gathered in one
 * module so the routes name exactly what they take from them.
 */
export {
  AccountNetMessageSchema,
  AccountResourceMessageSchema,
  BlockLimitSchema,
  BlockReqSchema,
  BytesMessageSchema,
  FASTJSON_EXCEPTION,
  type JsonObject,
  type JsonValue,
  NULL_POINTER_EXCEPTION,
  NumberMessageSchema,
  PARSE_EXCEPTION,
  parseJsonText,
  parseMessage,
  parseTransaction,
  printBlock,
  printMessage,
  printTransaction,
  stringifyJson,
  TransactionIdListSchema,
  WitnessListSchema,
} from "@tronode/engine";
