import type { ContractType } from "../protocol/contract-types.js";
import { accountCreateActuator } from "./account-create.js";
import { accountPermissionUpdateActuator } from "./account-permission-update.js";
import { accountUpdateActuator } from "./account-update.js";
import type { Actuator } from "./actuator.js";
import { setAccountIdActuator } from "./set-account-id.js";
import { transferActuator } from "./transfer.js";

/** Every contract type the engine executes. A type missing here is refused with a clear error. */
export const ACTUATORS: ReadonlyMap<ContractType, Actuator> = new Map<ContractType, Actuator>(
  [
    transferActuator,
    accountCreateActuator,
    accountUpdateActuator,
    setAccountIdActuator,
    accountPermissionUpdateActuator,
  ].map((a) => [a.type, a as unknown as Actuator] as const),
);
