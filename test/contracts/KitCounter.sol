// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The test kit's builder tests deploy it (deploycontract, triggersmartcontract, updatesetting, …).
contract KitCounter {
    uint256 public count;

    function add(uint256 n) external {
        count += n;
    }
}
