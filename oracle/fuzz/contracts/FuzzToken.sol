// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Burnable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Burnable.sol";
import {Multicall} from "@openzeppelin/contracts/utils/Multicall.sol";

/// An OpenZeppelin ERC-20 for the differential fuzzer: burnable, batched through multicall (a
/// delegatecall into itself per item), and minted by its owner only (others revert with
/// OwnableUnauthorizedAccount).
contract FuzzToken is ERC20, ERC20Burnable, Ownable, Multicall {
    error AlreadyInitialized();

    constructor(uint256 initialSupply) ERC20("Fuzz Token", "FUZZ") Ownable(msg.sender) {
        _mint(msg.sender, initialSupply);
    }

    /// Gives an ERC1967Proxy in front of the token (whose storage starts empty) an owner and a supply;
    /// a token with an owner refuses it.
    function initialize(address owner_, uint256 supply) external {
        if (owner() != address(0)) revert AlreadyInitialized();
        _transferOwnership(owner_);
        _mint(owner_, supply);
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
