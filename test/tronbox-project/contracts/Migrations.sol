// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

/// TronBox's migration bookkeeping: the last migration script that ran.
contract Migrations {
    address public owner = msg.sender;
    uint256 public last_completed_migration;

    function setCompleted(uint256 completed) external {
        require(msg.sender == owner, "Migrations: owner only");
        last_completed_migration = completed;
    }
}
