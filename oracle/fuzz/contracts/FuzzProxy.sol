// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// OpenZeppelin's ERC1967Proxy as is: importing it makes it part of the compilation.
import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
