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
  JsonDecimal,
  type JsonObject,
  JsonText,
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
  TransactionApprovedList_Result_response_code,
  TransactionApprovedListSchema,
  TransactionIdListSchema,
  TransactionSignWeight_Result_response_code,
  TransactionSignWeightSchema,
  WitnessListSchema,
} from "@tronode/engine/internal";
