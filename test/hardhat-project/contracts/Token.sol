// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// An OpenZeppelin ERC-20 the owner can mint, with a string revert and TRX paid in for tokens.
contract Token is ERC20, Ownable {
    uint256 public constant TOKENS_PER_SUN = 10;

    constructor(uint256 supply) ERC20("Tronode Token", "TNT") Ownable(msg.sender) {
        _mint(msg.sender, supply);
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    function burnAll() external {
        require(balanceOf(msg.sender) > 0, "Token: nothing to burn");
        _burn(msg.sender, balanceOf(msg.sender));
    }

    /// Tokens for the TRX sent along.
    function buy() external payable {
        require(msg.value > 0, "Token: send TRX");
        _mint(msg.sender, msg.value * TOKENS_PER_SUN);
    }
}
