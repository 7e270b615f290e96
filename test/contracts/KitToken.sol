// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A TRC-20 for the test kit's tests: Transfer events, a custom error for a short balance, a panic.
contract KitToken {
    string public name = "Kit Token";
    string public symbol = "KIT";
    uint8 public decimals = 6;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    error InsufficientBalance(address from, uint256 have, uint256 want);

    constructor(uint256 supply) {
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 have = balanceOf[msg.sender];
        if (have < value) revert InsufficientBalance(msg.sender, have, value);
        balanceOf[msg.sender] = have - value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }

    function requireSmall(uint256 value) external pure returns (uint256) {
        require(value < 100, "value too large");
        return value;
    }

    function overflow(uint256 value) external pure returns (uint256) {
        return type(uint256).max + value;
    }
}
