// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Burnable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Burnable.sol";

/// An OpenZeppelin ERC-721 for the differential fuzzer: the owner mints with _safeMint (so minting
/// to a contract asks it for onERC721Received) and sets the base URI tokenURI builds on.
contract FuzzNft is ERC721, ERC721Burnable, Ownable {
    string private baseUri;

    constructor() ERC721("Fuzz NFT", "FNFT") Ownable(msg.sender) {}

    function mint(address to, uint256 id) external onlyOwner {
        _safeMint(to, id);
    }

    function setBaseURI(string calldata uri) external onlyOwner {
        baseUri = uri;
    }

    function _baseURI() internal view override returns (string memory) {
        return baseUri;
    }
}
