// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Fails in the ways clients must tell apart: a revert reason, a custom error, a Panic and an
/// invalid opcode.
contract Reverter {
    error Unauthorized(address caller, uint256 code);

    uint256 public counter;

    function requireAbove(uint256 value) external returns (uint256) {
        require(value > 10, "value must be above 10");
        counter = value;
        return value;
    }

    function check(uint256 value) external pure returns (uint256) {
        require(value > 10, "value must be above 10");
        return value;
    }

    function customError(uint256 code) external view {
        revert Unauthorized(msg.sender, code);
    }

    function panic(uint256 divisor) external pure returns (uint256) {
        return 100 / divisor;
    }

    function invalid() external pure {
        assembly {
            invalid()
        }
    }

    function burn(uint256 rounds) external returns (uint256 acc) {
        for (uint256 i = 0; i < rounds; i++) {
            acc += i;
            counter = acc;
        }
    }
}
