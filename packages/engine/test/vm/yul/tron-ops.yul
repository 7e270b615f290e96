/// One contract exercising every TRON opcode (0xd0–0xdf) through Yul `verbatim`, which upstream solc
/// compiles: the first calldata byte picks the opcode, arguments follow as 32-byte words, and the
/// result word is returned. Arguments are passed in TVM pop order (first verbatim argument on top).
object "TronOps" {
  code {
    datacopy(0, dataoffset("runtime"), datasize("runtime"))
    return(0, datasize("runtime"))
  }
  object "runtime" {
    code {
      let op := shr(248, calldataload(0))
      let a := calldataload(1)
      let b := calldataload(33)
      let c := calldataload(65)
      let r := 0
      switch op
      case 0xd0 { r := verbatim_8i_1o(hex"d0", gas(), a, b, c, 0, 0, 0, 0) }
      case 0xd1 { r := verbatim_2i_1o(hex"d1", b, a) }
      case 0xd2 { r := verbatim_0i_1o(hex"d2") }
      case 0xd3 { r := verbatim_0i_1o(hex"d3") }
      case 0xd4 { r := verbatim_1i_1o(hex"d4", a) }
      case 0xd5 { r := verbatim_3i_1o(hex"d5", c, b, a) }
      case 0xd6 { r := verbatim_2i_1o(hex"d6", b, a) }
      case 0xd7 { r := verbatim_2i_1o(hex"d7", b, a) }
      case 0xd8 {
        // one witness `a` with `b` votes: two memory arrays with their length word
        mstore(0x100, 1) mstore(0x120, a)
        mstore(0x200, 1) mstore(0x220, b)
        r := verbatim_4i_1o(hex"d8", 1, 0x200, 1, 0x100)
      }
      case 0xd9 { r := verbatim_0i_1o(hex"d9") }
      case 0xda { r := verbatim_2i_1o(hex"da", b, a) }
      case 0xdb { r := verbatim_2i_1o(hex"db", b, a) }
      case 0xdc { r := verbatim_0i_1o(hex"dc") }
      case 0xdd { r := verbatim_0i_1o(hex"dd") }
      case 0xde { r := verbatim_3i_1o(hex"de", c, b, a) }
      case 0xdf { r := verbatim_3i_1o(hex"df", c, b, a) }
      case 0xfa {
        // STATICCALL into this contract asking for FREEZEBALANCEV2(a, b): the success flag
        mstore8(0x300, 0xda) mstore(0x301, a) mstore(0x321, b)
        r := staticcall(gas(), address(), 0x300, 65, 0, 0)
      }
      default { revert(0, 0) }
      mstore(0, r)
      return(0, 32)
    }
  }
}
