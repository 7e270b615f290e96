// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import "tronbox/console.sol";

/// Counts, logging through TronBox's console.sol from a transaction and from a view.
contract Counter {
    uint256 public count;

    function increment(uint256 by) external {
        count += by;
        console.log("count is now %d (added %d)", count, by);
    }

    function peek() external view returns (uint256) {
        console.log("peeking at", count, msg.sender);
        return count;
    }
}
