// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Emits events with indexed and unindexed parameters of several types.
contract Events {
    event Stored(address indexed by, uint256 indexed key, string note, bytes32 tag, bool flag);
    event Anonymous(uint256 value) anonymous;

    mapping(uint256 => string) public notes;

    function store(uint256 key, string calldata note) external {
        notes[key] = note;
        emit Stored(msg.sender, key, note, keccak256(bytes(note)), key % 2 == 0);
        emit Anonymous(key);
    }
}
