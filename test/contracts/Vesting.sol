// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A vesting wallet with a 30-day cliff: it holds the TRX sent to its constructor and pays all of it
/// to the beneficiary once 30 days have passed since deployment, by block.timestamp (seconds on the
/// TVM). What dApp tests skip with tre_increaseTime instead of waiting a month.
contract Vesting {
    uint256 public constant LOCK = 30 days;

    address payable public immutable beneficiary;
    uint256 public immutable start;
    bool public released;

    event Released(address indexed beneficiary, uint256 amount);

    constructor(address payable beneficiary_) payable {
        beneficiary = beneficiary_;
        start = block.timestamp;
    }

    function release() external {
        require(block.timestamp >= start + LOCK, "Vesting: locked for 30 days");
        require(!released, "Vesting: already released");
        released = true;
        uint256 amount = address(this).balance;
        beneficiary.transfer(amount);
        emit Released(beneficiary, amount);
    }
}
