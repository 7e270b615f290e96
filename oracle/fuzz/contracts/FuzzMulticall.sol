// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Address} from "@openzeppelin/contracts/utils/Address.sol";

/// An aggregator for the differential fuzzer: `aggregate` calls each target through OpenZeppelin's
/// Address.functionCall (a failure bubbles up and reverts the batch; a call to code-less address
/// reverts AddressEmptyCode), `tryAggregate` keeps going and reports each call's outcome, so the
/// inner reverts are rolled back while the outer call succeeds.
contract FuzzMulticall {
    struct Call {
        address target;
        bytes data;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate(Call[] calldata calls) external returns (bytes[] memory results) {
        results = new bytes[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            results[i] = Address.functionCall(calls[i].target, calls[i].data);
        }
    }

    function tryAggregate(Call[] calldata calls) external returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory returnData) = calls[i].target.call(calls[i].data);
            results[i] = Result(success, returnData);
        }
    }
}
