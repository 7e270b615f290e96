// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A call that reverts one frame down (debug_traceTransaction's call tree).
contract NestedInner {
    uint256 public last;

    function fail(uint256 value) external returns (uint256) {
        last = value;
        require(value < 10, "inner: value too big");
        return value * 2;
    }
}

contract NestedOuter {
    NestedInner public inner;
    uint256 public calls;

    constructor(address innerAddress) {
        inner = NestedInner(innerAddress);
    }

    function go(uint256 value) external returns (uint256) {
        calls += 1;
        return inner.fail(value) + 1;
    }
}
