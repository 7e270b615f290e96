/** Which state a read sees: `head` = unconfirmed (pending applied), `solid` = the solidified block. */
export type ReadScope = "head" | "solid";
