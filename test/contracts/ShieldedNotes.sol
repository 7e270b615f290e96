// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A stand-in for a shielded TRC-20 contract's note bookkeeping, for the node's scan tests: it
/// emits the note events with the exact signatures the scans look for (data encrypted by the test)
/// and keeps the `nullifiers` mapping the spent checks read through a constant call. It verifies
/// no proof: the tests exercise the node's reads, not the contract's checks.
contract ShieldedNotes {
    mapping(bytes32 => bytes32) public nullifiers;
    uint256 public leafCount;

    event MintNewLeaf(uint256 position, bytes32 cm, bytes32 cv, bytes32 epk, bytes32[21] c);
    event TransferNewLeaf(uint256 position, bytes32 cm, bytes32 cv, bytes32 epk, bytes32[21] c);
    event TokenBurn(address to, uint256 value, bytes32[3] ciphertext);

    function mint(bytes32 cm, bytes32 cv, bytes32 epk, bytes32[21] calldata c) external {
        emit MintNewLeaf(leafCount++, cm, cv, epk, c);
    }

    function transfer(bytes32 nf, bytes32[3][] calldata outputs, bytes32[21][] calldata c) external {
        nullifiers[nf] = nf;
        for (uint256 i = 0; i < outputs.length; i++) {
            emit TransferNewLeaf(leafCount++, outputs[i][0], outputs[i][1], outputs[i][2], c[i]);
        }
    }

    function burn(bytes32 nf, address to, uint256 value, bytes32[3] calldata ciphertext) external {
        nullifiers[nf] = nf;
        emit TokenBurn(to, value, ciphertext);
    }
}
