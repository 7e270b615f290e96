// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Receives TRX (and TRC-10 with call_token_value) and pays TRX out.
contract Receiver {
    event Received(address from, uint256 amount);

    receive() external payable {
        emit Received(msg.sender, msg.value);
    }

    function deposit() external payable {
        emit Received(msg.sender, msg.value);
    }

    function balance() external view returns (uint256) {
        return address(this).balance;
    }

    function pay(address payable to, uint256 amount) external {
        to.transfer(amount);
    }
}
