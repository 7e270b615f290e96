/** java-tron constants (Parameter.ChainConstant, Constant) the engine relies on. */
export const BLOCK_PRODUCED_INTERVAL = 3000n;
export const MAINTENANCE_SKIP_SLOTS = 2n;
export const BLOCK_VERSION = 32;
export const BLOCK_SIZE = 2_000_000;
export const TRANSACTION_MAX_BYTE_SIZE = 512_000;
export const MAX_RESULT_SIZE_IN_TX = 64;
/** java-tron's trx.expiration.timeInMilliseconds default: a built transaction expires 60 s after the head. */
export const TRANSACTION_DEFAULT_EXPIRATION_TIME = 60_000n;
export const MAXIMUM_TIME_UNTIL_EXPIRATION = 86_400_000n;
export const SOLIDIFIED_THRESHOLD = 70;
export const MAX_ACTIVE_WITNESS_NUM = 27;
/** The genesis block header's witness_address: the UTF-8 bytes of this sentence. */
export const GENESIS_WITNESS_SENTENCE =
  "A new system must allow existing systems to be linked together without requiring any central control or coordination";
