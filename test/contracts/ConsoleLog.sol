// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Hardhat-style console.log (a static call to 0x…636f6e736f6c652e6c6f67) as TronBox decodes it.
library console {
    address constant CONSOLE_ADDRESS = 0x000000000000000000636F6e736F6c652e6c6f67;

    function log(string memory p0, uint256 p1) internal view {
        (bool ok, ) = CONSOLE_ADDRESS.staticcall(abi.encodeWithSignature("log(string,uint256)", p0, p1));
        ok;
    }
}

contract ConsoleLog {
    uint256 public total;

    function add(uint256 value) external returns (uint256) {
        console.log("adding", value);
        total += value;
        return total;
    }

    function peek(uint256 value) external view returns (uint256) {
        console.log("peek", value);
        return total + value;
    }
}
