// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Each node stores its depth and creates a copy of itself one level down — CREATE2 (salted by the
/// depth) or CREATE — from its own init code, until `n` is 0; a failed creation reverts the node.
/// A constant call of `DeepCreate.go(64, …)` so nests creations to the VM's call-depth limit.
contract DeepNode {
    uint256 public depth;

    constructor(uint256 n, bool salted) {
        depth = n;
        if (n > 0) {
            assembly {
                let size := codesize()
                let code := mload(0x40)
                codecopy(code, 0, size)
                // the constructor arguments end the init code: n, then salted
                mstore(add(code, sub(size, 64)), sub(n, 1))
                let child := 0
                switch salted
                case 0 { child := create(0, code, size) }
                default { child := create2(0, code, size, n) }
                if iszero(child) { revert(0, 0) }
            }
        }
    }
}

contract DeepCreate {
    function go(uint256 n, bool salted) external returns (address child) {
        bytes memory code = abi.encodePacked(type(DeepNode).creationCode, abi.encode(n, salted));
        assembly {
            switch salted
            case 0 { child := create(0, add(code, 32), mload(code)) }
            default { child := create2(0, add(code, 32), mload(code), n) }
            if iszero(child) { revert(0, 0) }
        }
    }
}
