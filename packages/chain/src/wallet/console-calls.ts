import {
  bytesToHex,
  CONSOLE_ADDRESS_HEX,
  type ConsoleCall,
  type VmInternalTransaction,
} from "@tronode/engine/internal";

/** The internal calls to the console.log address, with their call data (TRE's extension for TronBox). */
export function consoleCallsOf(list: readonly VmInternalTransaction[]): ConsoleCall[] {
  return list
    .filter((it) => bytesToHex(it.transferToAddress) === CONSOLE_ADDRESS_HEX && it.data.length > 0)
    .map((it) => ({
      callerAddress: it.callerAddress,
      transferToAddress: it.transferToAddress,
      data: it.data,
    }));
}
