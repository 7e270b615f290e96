// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import {console} from "hardhat/console.sol";

/// Logs through Hardhat's console.sol from a transaction and from a view.
contract Greeter {
    string public greeting = "hello";

    function setGreeting(string calldata next) external {
        console.log("greeting %s -> %s by", greeting, next, msg.sender);
        console.log("%d bytes, first word", bytes(next).length, type(uint256).max);
        greeting = next;
    }

    function greet(int256 times) external view returns (string memory) {
        console.log("greet", greeting);
        console.logInt(times);
        console.logBytes4(bytes4(0xdeadbeef));
        console.log(true, address(this));
        return greeting;
    }
}
