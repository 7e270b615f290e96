// TronBox's mocha test over the migrated Counter; console.log lines come back on the answers of
// broadcasttransaction and triggerconstantcontract, and TronBox prints them.
const Counter = artifacts.require("Counter");

contract("Counter", () => {
  it("counts and logs", async () => {
    const counter = await Counter.deployed();
    await counter.increment(3);
    await counter.increment(4);
    const count = await counter.peek();
    assert.equal(count.toString(), "7");
  });
});
