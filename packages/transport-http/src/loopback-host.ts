/** The key-operation rule every transport applies lives with the operations. */
export { isLoopbackHost } from "@tronode/operations";
