// Contracts that log through Hardhat's console.sol: the node prints the lines (checked by the runner
// in the node's output), the calls go on as if nothing happened.
const { expect } = require("chai");
const { ethers } = require("hardhat");

describe("console.log", () => {
  it("logs from a transaction and from a view", async () => {
    const greeter = await ethers.deployContract("Greeter");
    await greeter.waitForDeployment();
    await expect(greeter.setGreeting("tronode")).to.not.be.reverted;
    expect(await greeter.greet(-3n)).to.equal("tronode");
  });
});
