/**
 * Shielded key operations through a real node over HTTP: the published TRON examples (PRF^expand
 * and a getnewshieldedaddress answer) reproduce, fresh addresses are self-consistent, a
 * createspendauthsig signature verifies, java-tron's error texts for bad lengths, and proof
 * creation answers "not possible here".
 */
import { bytesToHex, hexToBytes, shielded } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// biome-ignore lint/suspicious/noExplicitAny: JSON answers
type Json = Record<string, any>;
let node: TronNode;

async function post(path: string, body: unknown = {}): Promise<Json> {
  const response = await fetch(`${node.url}${path}`, { method: "POST", body: JSON.stringify(body) });
  return (await response.json()) as Json;
}
async function get(path: string): Promise<Json> {
  return (await (await fetch(`${node.url}${path}`)).json()) as Json;
}

beforeAll(async () => {
  node = await createNode({ port: 0, blockTime: 0, accounts: 1 });
});
afterAll(async () => {
  await node?.stop();
});

describe("shielded key operations over HTTP", () => {
  it("getexpandedspendingkey reproduces TRON's published example (POST and GET)", async () => {
    const sk = "09124de6a534661ef1cfad0335832445a3b83c08e885881a68a52cf4dc735e68";
    const expected = {
      ask: "23d11537676610c287ffcd1bc33d650df37fc90d13bb65356fbc9045cfb91705",
      nsk: "da6542f57f6f730cb31b401b9ca8660589d8a765405c6d6f48fd392ac5360b0a",
      ovk: "e73f5383fdeacbb282db951afba01e607916c8106b316c55544fac84b2efbdc4",
    };
    expect(await post("/wallet/getexpandedspendingkey", { value: sk })).toEqual(expected);
    expect(await get(`/wallet/getexpandedspendingkey?value=${sk}`)).toEqual(expected);
    expect(await post("/wallet/getexpandedspendingkey", { value: "00" })).toEqual({
      Error:
        "class org.tron.core.exception.BadItemException : the length of spendingKey's hexString should be 64",
    });
  });

  it("the chain ak → nk → ivk → payment address of the published getnewshieldedaddress answer", async () => {
    const ak = (
      await post("/wallet/getakfromask", {
        value: "264c351e5a154555b1ec7822f9bfc0faa5ced9d75b17ed1552699a20b18f7c07",
      })
    ).value;
    expect(ak).toBe("0648c0b20fa5eab112d466f75b174d1c142bf35318d2f50d63c6b3b343c8c397");
    const nk = (
      await post("/wallet/getnkfromnsk", {
        value: "ebd5bf67f68de464c8a109b389ff4d07912ebe11e8b3d034cf505b35c8d5a907",
      })
    ).value;
    expect(nk).toBe("a45852bb5b9e933266d5fab6062baa456b149329f8081817ef868923f87b2f9d");
    const { ivk } = await post("/wallet/getincomingviewingkey", { ak, nk });
    expect(ivk).toBe("9c3eacfe786e67c6f3b567cfcf129dcfdc21347ce6f192cc3ca1e994df570c05");
    expect(await post("/wallet/getzenpaymentaddress", { ivk, d: "987adf3b4d8da446327d17" })).toEqual({
      d: { d: "987adf3b4d8da446327d17" },
      pkD: "09f3c4576c4f836b3472a6a5738606866607a6ffcd1c7299e31ec40455b1cd35",
      payment_address: "ztron1npad7w6d3kjyvvnazuyl83zhd38cx6e5w2n22uuxq6rxvpaxllx3cu5euv0vgpz4k8xn2rsga28",
    });
    expect((await post("/wallet/getincomingviewingkey", { ak: "00", nk })).Error).toBe(
      "class org.tron.core.exception.ZksnarkException : param length must be 32",
    );
    // ByteArray.fromHexString(null) is no bytes: a missing key is "param is null", on GET as on POST
    expect((await post("/wallet/getincomingviewingkey", { nk })).Error).toBe(
      "class org.tron.core.exception.ZksnarkException : param is null",
    );
    expect((await get(`/wallet/getincomingviewingkey?nk=${nk}`)).Error).toBe(
      "class org.tron.core.exception.ZksnarkException : param is null",
    );
  });

  it("getnewshieldedaddress, getspendingkey, getdiversifier and getrcm answer fresh, consistent values", async () => {
    const a = await post("/wallet/getnewshieldedaddress");
    const again = await get("/wallet/getnewshieldedaddress");
    expect(again.sk).not.toBe(a.sk);
    const info = shielded.shieldedAddressInfoOf(hexToBytes(a.sk), hexToBytes(a.d));
    expect(info.paymentAddress).toBe(a.payment_address);
    expect(bytesToHex(info.pkD)).toBe(a.pkD);
    expect(hexToBytes((await post("/wallet/getspendingkey")).value)[0]! >> 4).toBe(0);
    expect(shielded.isValidDiversifier(hexToBytes((await post("/wallet/getdiversifier")).d))).toBe(true);
    const rcm = hexToBytes((await get("/wallet/getrcm")).value);
    expect(shielded.readScalar(rcm)).toBeDefined();
  });

  it("createspendauthsig makes a signature java-tron's verifier accepts", async () => {
    const ask = "0f63eabdfe2bbfe08012f6bb2db024e6809c16e8ed055aa41a6095424f192005";
    const alpha = "d0f0768664f5c807f9e70d05993f029c71da529afaa5c037b44c63d6e13bc907";
    const txHash = "7fb99e66df052f430d50e80a3f197c319a4e35184ed48a433d6219e025741337";
    const { value } = await post("/wallet/createspendauthsig", { ask, alpha, tx_hash: txHash });
    const { rk } = shielded.randomizedKeys(hexToBytes(ask), hexToBytes(alpha))!;
    expect(shielded.spendAuthVerify(rk, hexToBytes(txHash), hexToBytes(value))).toBe(true);
    // LibrustzcashParam.validNull: no bytes at all is "param is null", a wrong length the length rule
    expect((await post("/wallet/createspendauthsig", { ask, alpha })).Error).toBe(
      "class org.tron.core.exception.ZksnarkException : param is null",
    );
    expect((await post("/wallet/createspendauthsig", { ask, alpha, tx_hash: "00" })).Error).toBe(
      "class org.tron.core.exception.ZksnarkException : param length must be 32",
    );
  });

  it("proof creation answers 'not possible here'", async () => {
    const notPossible =
      /^class java\.lang\.UnsupportedOperationException : not possible here: building a shielded transaction needs Groth16 proofs/;
    for (const name of ["createshieldedtransaction", "createshieldedtransactionwithoutspendauthsig"]) {
      expect((await post(`/wallet/${name}`, {})).Error).toMatch(notPossible);
    }
    // the shielded TRC-20 builders first check what java-tron's Wallet checks, with its texts
    const contract = `41${"11".repeat(20)}`;
    for (const [name, amountError] of [
      ["createshieldedcontractparameters", "invalid from_amount or to_amount"],
      ["createshieldedcontractparameterswithoutask", "invalid_from amount or to_amount"],
    ] as const) {
      expect((await post(`/wallet/${name}`, {})).Error).toBe(
        "class org.tron.core.exception.ContractValidateException : No valid shielded TRC-20 contract address",
      );
      expect(
        (await post(`/wallet/${name}`, { shielded_TRC20_contract_address: contract, from_amount: "x" }))
          .Error,
      ).toBe(`class org.tron.core.exception.ContractValidateException : ${amountError}`);
      expect(
        (await post(`/wallet/${name}`, { shielded_TRC20_contract_address: contract, from_amount: "100" }))
          .Error,
      ).toMatch(notPossible);
    }
  });
});
