// Time travel, mining, state edits and impersonation through hardhat-network-helpers and hre.tre.
const { expect } = require("chai");
const hre = require("hardhat");
const { ethers } = hre;
const helpers = require("@nomicfoundation/hardhat-network-helpers");

const { time, mine } = helpers;
const DAY = 86_400;

async function deployLock() {
  const [owner, other] = await ethers.getSigners();
  const unlockTime = (await time.latest()) + 30 * DAY;
  const lock = await ethers.deployContract("Lock", [unlockTime], { value: 1_000_000n });
  await lock.waitForDeployment();
  return { lock, unlockTime, owner, other };
}

describe("time and blocks", () => {
  it("unlocks after time.increase, reverting with a custom error before", async () => {
    const { lock, unlockTime } = await helpers.loadFixture(deployLock);
    await expect(lock.withdraw()).to.be.revertedWithCustomError(lock, "TooEarly");
    await time.increase(30 * DAY);
    expect(await time.latest()).to.be.at.least(unlockTime);
    await expect(lock.withdraw()).to.emit(lock, "Withdrawal");
  });

  it("stamps the next block with time.setNextBlockTimestamp", async () => {
    const { lock, unlockTime } = await helpers.loadFixture(deployLock);
    await time.setNextBlockTimestamp(unlockTime + 100);
    await mine();
    expect(await time.latest()).to.equal(unlockTime + 100);
    expect(await lock.now_()).to.be.at.least(unlockTime + 100);
  });

  it("refuses a timestamp that is not after the head block", async () => {
    await helpers.loadFixture(deployLock);
    const now = await time.latest();
    await expect(time.increaseTo(now - 10)).to.be.rejected;
  });

  it("mines blocks with strictly increasing timestamps", async () => {
    await helpers.loadFixture(deployLock);
    const first = await time.latestBlock();
    const t0 = await time.latest();
    await mine();
    const t1 = await time.latest();
    await mine();
    const t2 = await time.latest();
    await mine(3);
    expect(await time.latestBlock()).to.equal(first + 5);
    expect(t1).to.be.greaterThan(t0);
    expect(t2).to.be.greaterThan(t1);
    expect(await time.latest()).to.be.greaterThan(t2);
  });

  it("takes and reverts snapshots through hre.tre", async () => {
    const { tronWeb } = hre.tre.makeTronWeb();
    const before = await time.latestBlock();
    const snapshot = await hre.tre.snapshot(tronWeb);
    expect(snapshot.supported).to.equal(true);
    await hre.tre.mine(tronWeb);
    await hre.tre.mine(tronWeb);
    expect(await time.latestBlock()).to.equal(before + 2);
    const reverted = await hre.tre.revert(tronWeb, snapshot.result);
    expect(reverted.supported).to.equal(true);
    expect(await time.latestBlock()).to.equal(before);
    // ids are single-use: a second revert is refused
    const again = await hre.tre.revert(tronWeb, snapshot.result);
    expect(again.supported).to.equal(false);
    expect(again.reason).to.equal(`unknown snapshot id: ${snapshot.result}`);
  });

  it("switches to a block per transaction and back with hre.tre.setBlockTime", async () => {
    const { tronWeb } = hre.tre.makeTronWeb();
    const { lock } = await helpers.loadFixture(deployLock);
    expect((await hre.tre.setBlockTime(tronWeb, 0)).supported).to.equal(true);
    const before = await time.latestBlock();
    await lock.store(1n);
    await lock.store(2n);
    expect(await time.latestBlock()).to.equal(before + 2);
    expect((await hre.tre.setBlockTime(tronWeb, 3)).supported).to.equal(true);
  });

  it("identifies the node by its own random id, not by the genesis block", async () => {
    const id = await hre.tre.instanceId();
    expect(id).to.match(/^0x[0-9a-f]{64}$/);
    const genesis = await hre.network.provider.send("eth_getBlockByNumber", ["0x0", false]);
    expect(id).to.not.equal(genesis.hash);
  });
});

// What hardhat-tron funds every signer with (tre_setAccountBalance), in sun.
const FUNDED = 5_000_000_000_000_000_000n;

async function noContracts() {
  return {};
}

describe("state edits and impersonation", () => {
  it("refunds the signers when a new fixture is loaded", async () => {
    const [, alice] = await ethers.getSigners();
    await alice.sendTransaction({ to: ethers.Wallet.createRandom().address, value: 2_000_000n });
    await helpers.mine(); // the plugin's wait() on a TRX transfer does not wait for its block
    expect(await ethers.provider.getBalance(alice.address)).to.be.lessThan(FUNDED);
    await helpers.loadFixture(noContracts);
    expect(await ethers.provider.getBalance(alice.address)).to.equal(FUNDED);
  });

  it("sets and reads balances", async () => {
    const someone = ethers.Wallet.createRandom().address;
    await helpers.setBalance(someone, 123_456_789n);
    expect(await ethers.provider.getBalance(someone)).to.equal(123_456_789n);
  });

  it("reads and writes storage slots", async () => {
    const { lock } = await helpers.loadFixture(deployLock);
    const address = await lock.getAddress();
    await lock.store(42n);
    expect(BigInt(await helpers.getStorageAt(address, 0))).to.equal(42n);
    expect(BigInt(await ethers.provider.getStorage(address, 0))).to.equal(42n);
    await helpers.setStorageAt(address, 0, 7n);
    expect(await lock.stored()).to.equal(7n);
    expect(BigInt(await helpers.getStorageAt(address, 1))).to.equal(0n);
  });

  it("puts code at an address", async () => {
    const { lock } = await helpers.loadFixture(deployLock);
    const code = await hre.network.provider.send("eth_getCode", [await lock.getAddress(), "latest"]);
    const target = ethers.Wallet.createRandom().address;
    await helpers.setCode(target, code);
    const copy = await ethers.getContractAt("Lock", target);
    expect(await copy.now_()).to.be.greaterThan(0n);
  });

  it("sends from an impersonated account", async () => {
    const { lock, owner, other } = await helpers.loadFixture(deployLock);
    await time.increase(31 * DAY);
    await expect(lock.connect(other).withdraw())
      .to.be.revertedWithCustomError(lock, "NotOwner")
      .withArgs(other.address);
    await helpers.impersonateAccount(owner.address);
    const impersonated = await ethers.getSigner(owner.address);
    await expect(lock.connect(impersonated).withdraw()).to.emit(lock, "Withdrawal");
    await helpers.stopImpersonatingAccount(owner.address);
  });
});
