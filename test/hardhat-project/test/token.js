// An OpenZeppelin ERC-20 through hre.ethers: deploys, transfers, events, reverts, a payable call,
// and loadFixture's snapshots.
const { expect } = require("chai");
const { ethers } = require("hardhat");
const { loadFixture } = require("@nomicfoundation/hardhat-network-helpers");

const SUPPLY = 1_000_000n * 10n ** 18n;

async function deployToken() {
  const [owner, alice, bob] = await ethers.getSigners();
  const token = await ethers.deployContract("Token", [SUPPLY]);
  await token.waitForDeployment();
  return { token, owner, alice, bob };
}

describe("Token (OpenZeppelin ERC-20)", () => {
  it("deploys with the supply minted to the deployer", async () => {
    const { token, owner } = await loadFixture(deployToken);
    expect(await token.name()).to.equal("Tronode Token");
    expect(await token.totalSupply()).to.equal(SUPPLY);
    expect(await token.balanceOf(owner.address)).to.equal(SUPPLY);
    expect(await token.owner()).to.equal(owner.address);
  });

  it("moves balances and emits Transfer", async () => {
    const { token, owner, alice } = await loadFixture(deployToken);
    await expect(token.transfer(alice.address, 1000n)).to.changeTokenBalances(
      token,
      [owner, alice],
      [-1000n, 1000n],
    );
    await expect(token.transfer(alice.address, 5n))
      .to.emit(token, "Transfer")
      .withArgs(owner.address, alice.address, 5n);
    expect(await token.balanceOf(alice.address)).to.equal(1005n);
  });

  it("starts every test from the fixture (loadFixture reverts the previous test's transfers)", async () => {
    const { token, alice } = await loadFixture(deployToken);
    expect(await token.balanceOf(alice.address)).to.equal(0n);
  });

  it("reverts with the contract's reason string", async () => {
    const { token, alice } = await loadFixture(deployToken);
    await expect(token.connect(alice).burnAll()).to.be.revertedWith("Token: nothing to burn");
  });

  it("reverts with OpenZeppelin's custom errors and their arguments", async () => {
    const { token, alice, bob } = await loadFixture(deployToken);
    await expect(token.connect(alice).transfer(bob.address, 1n))
      .to.be.revertedWithCustomError(token, "ERC20InsufficientBalance")
      .withArgs(alice.address, 0n, 1n);
    await expect(token.connect(alice).mint(alice.address, 1n))
      .to.be.revertedWithCustomError(token, "OwnableUnauthorizedAccount")
      .withArgs(alice.address);
  });

  it("takes TRX in a payable call", async () => {
    const { token, alice } = await loadFixture(deployToken);
    const target = await token.getAddress();
    const before = await ethers.provider.getBalance(target);
    await expect(token.connect(alice).buy({ value: 25n }))
      .to.emit(token, "Transfer")
      .withArgs(ethers.ZeroAddress, alice.address, 250n);
    expect(await ethers.provider.getBalance(target)).to.equal(before + 25n);
    await expect(token.connect(alice).buy()).to.be.revertedWith("Token: send TRX");
    await expect(token.connect(alice).buy({ value: 10n })).to.changeEtherBalances([token], [10n]);
  });
});
