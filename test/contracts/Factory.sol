// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Child {
    address public parent;
    uint256 public value;

    constructor(uint256 value_) payable {
        parent = msg.sender;
        value = value_;
    }
}

/// Deploys children with CREATE2; TRON derives the address with 0x41 instead of 0xff.
contract Factory {
    event Deployed(address child, bytes32 salt);

    function deploy(bytes32 salt, uint256 value) external returns (address child) {
        child = address(new Child{salt: salt}(value));
        emit Deployed(child, salt);
    }

    function predict(bytes32 salt, uint256 value) external view returns (address) {
        bytes32 hash = keccak256(
            abi.encodePacked(bytes1(0x41), address(this), salt, keccak256(abi.encodePacked(type(Child).creationCode, abi.encode(value))))
        );
        return address(uint160(uint256(hash)));
    }
}
