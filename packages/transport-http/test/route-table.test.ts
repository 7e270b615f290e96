import { describe, expect, it } from "vitest";
import {
  KEY_OPERATIONS,
  NOT_IMPLEMENTED_OPERATIONS,
  SERVED_OPERATIONS,
  UNSUPPORTED_OPERATIONS,
} from "../src/index.js";
import { ROUTE_TABLE } from "../src/route-table.js";
import { createHarness } from "./server-harness.js";

const ISSUE_OPERATIONS = [
  "getnowblock",
  "getblock",
  "getblockbynum",
  "getblockbyid",
  "getblockbylimitnext",
  "getblockbylatestnum",
  "gettransactionbyid",
  "gettransactioninfobyid",
  "gettransactioncountbyblocknum",
  "gettransactioninfobyblocknum",
  "getaccount",
  "getaccountbyid",
  "getaccountnet",
  "getaccountresource",
  "createtransaction",
  "createaccount",
  "updateaccount",
  "setaccountid",
  "broadcasttransaction",
  "broadcasthex",
  "validateaddress",
  "getnodeinfo",
  "listnodes",
  "getchainparameters",
  "listwitnesses",
  "getnextmaintenancetime",
  "getbandwidthprices",
  "getenergyprices",
  "getmemofee",
  "getburntrx",
  "totaltransaction",
  "getpendingsize",
  "gettransactionfrompending",
  "gettransactionlistfrompending",
  "generateaddress",
  "createaddress",
  "gettransactionsign",
  "easytransfer",
  "easytransferbyprivate",
  "getblockbalance",
  "accountpermissionupdate",
  "getsignweight",
  "getapprovedlist",
  "addtransactionsign",
];

describe("the route table", () => {
  it("has one row per operation and one owner per path", () => {
    const names = ROUTE_TABLE.map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = ROUTE_TABLE.flatMap((row) => row.paths);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("serves every operation of this issue and lists the rest", () => {
    for (const name of ISSUE_OPERATIONS) expect(SERVED_OPERATIONS).toContain(name);
    // every operation of java-tron's HTTP API is served or unsupported on purpose: none is "not yet"
    expect(NOT_IMPLEMENTED_OPERATIONS).toEqual([]);
    expect(SERVED_OPERATIONS).toEqual(expect.arrayContaining(["createCommonTransaction", "getstatsinfo"]));
    expect(SERVED_OPERATIONS).toEqual(
      expect.arrayContaining(["gettriggerinputforshieldedtrc20contract", "isshieldedtrc20contractnotespent"]),
    );
    expect([...UNSUPPORTED_OPERATIONS].sort()).toEqual(
      [
        "canceldeferredtransactionbyid",
        "gettransactionsfromthis",
        "gettransactionstothis",
        // not possible here: Groth16 proving with TRON's Sapling parameters
        "createshieldedtransaction",
        "createshieldedtransactionwithoutspendauthsig",
        "createshieldedcontractparameters",
        "createshieldedcontractparameterswithoutask",
      ].sort(),
    );
    expect(KEY_OPERATIONS).toEqual(
      expect.arrayContaining([
        "generateaddress",
        "createaddress",
        "gettransactionsign",
        "addtransactionsign",
        "easytransfer",
        "easytransferbyprivate",
        "easytransferasset",
        "easytransferassetbyprivate",
      ]),
    );
    const all = [...SERVED_OPERATIONS, ...NOT_IMPLEMENTED_OPERATIONS, ...UNSUPPORTED_OPERATIONS];
    expect(all.length).toBe(ROUTE_TABLE.length);
  });

  it("registers java-tron's full-node paths (§3.6) and the /walletsolidity read set", () => {
    const paths = new Set(ROUTE_TABLE.flatMap((row) => row.paths));
    for (const path of [
      "/wallet/getBrokerage",
      "/wallet/updateBrokerage",
      "/wallet/createCommonTransaction",
      "/walletsolidity/getaccount",
      "/walletsolidity/getblock",
      "/walletsolidity/gettransactioninfobyblocknum",
      "/walletsolidity/getReward",
      "/walletsolidity/triggerconstantcontract",
      "/net/listnodes",
      "/monitor/getnodeinfo",
      "/monitor/getstatsinfo",
      "/walletextension/gettransactionsfromthis",
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(paths).not.toContain("/walletsolidity/getaccountnet");
  });

  it("answers on every path and method of every row with a JSON body ending in a newline", async () => {
    const harness = createHarness();
    for (const row of ROUTE_TABLE) {
      for (const path of row.paths) {
        for (const method of row.methods) {
          const answer = method === "GET" ? await harness.get(path) : await harness.post(path, "{}");
          expect(answer.status, `${method} ${path}`).toBe(200);
          expect(answer.contentType).toBe("application/json; charset=utf-8");
          expect(answer.text.endsWith("\n"), `${method} ${path}`).toBe(true);
          expect(answer.json, `${method} ${path}`).toBeTypeOf("object");
          if (row.availability === "not-implemented") {
            expect(answer.json.Error).toMatch(
              /^class org\.tron\.core\.exception\.TronodeNotImplemented : \S+ is not supported by tronode yet/,
            );
          }
        }
        if (!row.methods.includes("GET")) {
          const answer = await harness.get(path);
          if (row.getOnPost === "empty200") {
            expect(answer.status, `GET ${path}`).toBe(200);
            expect(answer.text).toBe("");
          } else {
            expect(answer.status, `GET ${path}`).toBe(405);
          }
        }
        if (!row.methods.includes("POST")) expect((await harness.post(path, "{}")).status).toBe(405);
        expect((await harness.request("PUT", path, "{}")).status).toBe(405);
      }
    }
  });
});
