// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

/// Holds the TRX sent to its constructor until `unlockTime` (by block.timestamp).
contract Lock {
    uint256 public immutable unlockTime;
    address payable public immutable owner;
    uint256 public stored;

    error TooEarly(uint256 now_, uint256 unlockTime);
    error NotOwner(address caller);

    event Withdrawal(uint256 amount, uint256 when);

    constructor(uint256 unlockTime_) payable {
        unlockTime = unlockTime_;
        owner = payable(msg.sender);
    }

    function withdraw() external {
        if (block.timestamp < unlockTime) revert TooEarly(block.timestamp, unlockTime);
        if (msg.sender != owner) revert NotOwner(msg.sender);
        emit Withdrawal(address(this).balance, block.timestamp);
        owner.transfer(address(this).balance);
    }

    function store(uint256 value) external {
        stored = value;
    }

    function now_() external view returns (uint256) {
        return block.timestamp;
    }
}
