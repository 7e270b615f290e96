/**
 * The row shape of java-tron's transaction builders (createtransaction, createaccount, …): the POST
 * body is the contract JSON plus `visible`, `Permission_id` (also accepted as `permission_id`) and,
 * for some servlets, `extra_data` (the memo: UTF-8 text when visible, else hex). The builder
 * operation validates the contract and returns the unsigned transaction, printed as
 * `Util.printCreateTransaction`: `{visible, txID, raw_data, raw_data_hex}`.
 */
import {
  type BuildOptions,
  CONTRACT_PARAMETER_SCHEMAS,
  contractTypeByName,
  type Transaction,
  TronodeError,
  utf8Encode,
  validateError,
} from "@tronode/engine/internal";
import {
  type BuilderOperation,
  type CommonTransactionInput,
  createCommonTransaction,
  printBuiltTransaction,
} from "@tronode/operations";
import { type JsonObject, parseMessage } from "../engine-protocol.js";
import { TransportJavaClasses } from "../java-error-body.js";
import { javaIntegerOf, javaStringOf, parseJavaHex } from "../java-value-readers.js";
import {
  defineRoute,
  type GetOnPostOnly,
  type RouteRow,
  type WalletRequest,
  walletPaths,
} from "../route-row.js";

/** How a builder's servlet differs from the others: what a GET answers, and whether it reads `extra_data`. */
export interface BuilderRouteSpec {
  readonly getOnPost: GetOnPostOnly;
  /** Whether the servlet applies `extra_data` (createtransaction, transferasset, market*, triggerconstantcontract). */
  readonly readsExtraData?: boolean;
}

/** java-tron reads the top-level `Permission_id`; tronode also accepts the spec's `permission_id`. */
export function readPermissionId(body: JsonObject): number | undefined {
  const value = body.Permission_id ?? body.permission_id;
  return javaIntegerOf(value);
}

/** `extra_data`: UTF-8 text when visible, hex otherwise; empty means no memo. */
export function readExtraData(body: JsonObject, visible: boolean): Uint8Array | undefined {
  const text = javaStringOf(body.extra_data);
  if (text === undefined || text.length === 0) return undefined;
  return visible ? utf8Encode(text) : parseJavaHex(text);
}

/** The HTTP binding of a builder operation: POST `/wallet/<name>`. */
export function builderRoute(operation: BuilderOperation, spec: BuilderRouteSpec): RouteRow {
  return defineRoute({
    operation,
    paths: walletPaths(operation.name),
    methods: ["POST"],
    getOnPost: spec.getOnPost,
    visibleFrom: "body",
    read: (request: WalletRequest) => {
      const body = request.body();
      const visible = request.visible();
      const contract = parseMessage(operation.contractSchema, body, { visible });
      const permissionId = readPermissionId(body);
      const data = spec.readsExtraData === true ? readExtraData(body, visible) : undefined;
      const options: BuildOptions = {
        ...(permissionId !== undefined && permissionId > 0 ? { permissionId } : {}),
        ...(data !== undefined ? { data } : {}),
      };
      return { contract, options };
    },
    print: printBuiltTransaction,
  });
}

/**
 * POST /wallet/createCommonTransaction (GET → 405): `contractType` names the contract, the rest of
 * the body is merged into its message (other keys ignored, as java-tron's JsonFormat ignores them).
 */
export function commonTransactionRoute(): RouteRow {
  return defineRoute<CommonTransactionInput, Transaction>({
    operation: createCommonTransaction,
    paths: walletPaths(createCommonTransaction.name),
    methods: ["POST"],
    getOnPost: "405",
    visibleFrom: "body",
    read: (request: WalletRequest) => {
      const body = request.body();
      const name = javaStringOf(body.contractType);
      // ContractType.valueOf: a missing name is a NullPointerException, an unknown one its own text
      if (name === undefined) {
        throw new TronodeError("HTTP_BAD_REQUEST", "Name is null", {
          javaClass: TransportJavaClasses.nullPointer,
        });
      }
      const type = contractTypeByName(name);
      if (type === undefined) {
        throw new TronodeError(
          "HTTP_BAD_REQUEST",
          `No enum constant org.tron.protos.Protocol.Transaction.Contract.ContractType.${name}`,
          { javaClass: TransportJavaClasses.illegalArgument },
        );
      }
      const schema = CONTRACT_PARAMETER_SCHEMAS.get(type);
      if (schema === undefined) throw validateError(`don't have this type: ${name}`);
      const contract = parseMessage(schema, body, { visible: request.visible() });
      const permissionId = readPermissionId(body);
      return {
        type,
        contract,
        options: permissionId !== undefined && permissionId > 0 ? { permissionId } : {},
      };
    },
    print: printBuiltTransaction,
  });
}
