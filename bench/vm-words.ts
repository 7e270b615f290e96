// @ts-nocheck — two deliberately minimal interpreters, kept as measured (see runWordBench)
/**
 * The measurement behind the TVM's word representation: the same three loops on a bigint stack
 * (with PUSH immediates decoded once, as the TVM does) and on a Uint32Array limb stack (8 limbs
 * per word, carries by hand, 16-bit schoolbook MUL). Loop A: small counters; B: full-width
 * 256-bit MUL+ADD; C: full-width ADD.
 */
const MASK = (1n << 256n) - 1n;
const hex = (s) => Uint8Array.from(s.match(/../g).map((h) => Number.parseInt(h, 16)));
const loopA = (n) => hex(`62${n.toString(16).padStart(6, "0")}5b600190038060045700`);
const loopB = (n) =>
  hex(
    `62${n.toString(16).padStart(6, "0")}7f${"ab".repeat(32)}5b80027f${"cd".repeat(32)}019060019003908160255700`,
  );
const loopC = (n) =>
  hex(
    `62${n.toString(16).padStart(6, "0")}7f${"ab".repeat(32)}5b80017f${"cd".repeat(32)}019060019003908160255700`,
  );
function jumpdests(code) {
  const d = new Uint8Array(code.length);
  for (let i = 0; i < code.length; i++) {
    const o = code[i];
    if (o === 0x5b) d[i] = 1;
    else if (o >= 0x60 && o <= 0x7f) i += o - 0x5f;
  }
  return d;
}

function pushCache(code) {
  const p = new Array(code.length);
  for (let i = 0; i < code.length; i++) {
    const o = code[i];
    if (o >= 0x60 && o <= 0x7f) {
      const n = o - 0x5f;
      let h = "0x0";
      for (let k = 1; k <= n; k++) h += (code[i + k] ?? 0).toString(16).padStart(2, "0");
      p[i] = BigInt(h);
      i += n;
    }
  }
  return p;
}
function runBigSwitch2(code) {
  const jd = jumpdests(code);
  const pv = pushCache(code);
  const s = new Array(1024).fill(0n);
  let sp = 0,
    pc = 0,
    ops = 0,
    _gas = 0;
  for (;;) {
    const op = code[pc];
    ops++;
    switch (op) {
      case 0x00:
        return ops;
      case 0x01: {
        _gas += 3;
        sp--;
        s[sp - 1] = (s[sp - 1] + s[sp]) & MASK;
        pc++;
        break;
      }
      case 0x02: {
        _gas += 5;
        sp--;
        s[sp - 1] = (s[sp - 1] * s[sp]) & MASK;
        pc++;
        break;
      }
      case 0x03: {
        _gas += 3;
        sp--;
        s[sp - 1] = (s[sp] - s[sp - 1]) & MASK;
        pc++;
        break;
      }
      case 0x57: {
        _gas += 10;
        const d = s[sp - 1],
          c = s[sp - 2];
        sp -= 2;
        if (c !== 0n) {
          const t = Number(d);
          if (!jd[t]) throw 1;
          pc = t;
        } else pc++;
        break;
      }
      case 0x5b:
        _gas += 1;
        pc++;
        break;
      case 0x80:
        _gas += 3;
        s[sp] = s[sp - 1];
        sp++;
        pc++;
        break;
      case 0x81:
        _gas += 3;
        s[sp] = s[sp - 2];
        sp++;
        pc++;
        break;
      case 0x90: {
        _gas += 3;
        const t = s[sp - 1];
        s[sp - 1] = s[sp - 2];
        s[sp - 2] = t;
        pc++;
        break;
      }
      default:
        if (op >= 0x60 && op <= 0x7f) {
          _gas += 3;
          s[sp++] = pv[pc];
          pc += op - 0x5e;
          break;
        }
        throw new Error(`op ${op}`);
    }
  }
}
function runLimbSwitch(code) {
  const jd = jumpdests(code);
  const L = new Uint32Array(1024 * 8);
  let sp = 0,
    pc = 0,
    ops = 0,
    _gas = 0;
  const _tmpA = new Uint32Array(8);
  for (;;) {
    const op = code[pc];
    ops++;
    switch (op) {
      case 0x00:
        return ops;
      case 0x01: {
        _gas += 3;
        sp--;
        const a = (sp - 1) * 8,
          b = sp * 8;
        let c = 0;
        for (let i = 0; i < 8; i++) {
          const v = L[a + i] + L[b + i] + c;
          L[a + i] = v;
          c = v > 4294967295 ? 1 : 0;
        }
        pc++;
        break;
      }
      case 0x03: {
        _gas += 3;
        sp--;
        const a = (sp - 1) * 8,
          b = sp * 8;
        let br = 0;
        for (let i = 0; i < 8; i++) {
          const v = L[b + i] - L[a + i] - br;
          L[a + i] = v;
          br = v < 0 ? 1 : 0;
        }
        pc++;
        break;
      }
      case 0x02: {
        _gas += 5;
        sp--;
        const a = (sp - 1) * 8,
          b = sp * 8; // 16-bit schoolbook
        const x = new Uint16Array(16),
          y = new Uint16Array(16),
          r = new Array(16).fill(0);
        for (let i = 0; i < 8; i++) {
          x[2 * i] = L[a + i] & 0xffff;
          x[2 * i + 1] = L[a + i] >>> 16;
          y[2 * i] = L[b + i] & 0xffff;
          y[2 * i + 1] = L[b + i] >>> 16;
        }
        for (let i = 0; i < 16; i++) {
          let c = 0;
          const xi = x[i];
          if (xi === 0) continue;
          for (let j = 0; j + i < 16; j++) {
            const t = r[i + j] + xi * y[j] + c;
            r[i + j] = t % 65536;
            c = Math.floor(t / 65536);
          }
        }
        for (let i = 0; i < 8; i++) L[a + i] = (r[2 * i] | (r[2 * i + 1] << 16)) >>> 0;
        pc++;
        break;
      }
      case 0x57: {
        _gas += 10;
        const d = (sp - 1) * 8,
          c = (sp - 2) * 8;
        sp -= 2;
        let nz = 0;
        for (let i = 0; i < 8; i++) nz |= L[c + i];
        if (nz) {
          for (let i = 1; i < 8; i++) if (L[d + i]) throw 1;
          const t = L[d];
          if (!jd[t]) throw 1;
          pc = t;
        } else pc++;
        break;
      }
      case 0x5b:
        _gas += 1;
        pc++;
        break;
      case 0x80: {
        _gas += 3;
        L.copyWithin(sp * 8, (sp - 1) * 8, sp * 8);
        sp++;
        pc++;
        break;
      }
      case 0x81: {
        _gas += 3;
        L.copyWithin(sp * 8, (sp - 2) * 8, (sp - 1) * 8);
        sp++;
        pc++;
        break;
      }
      case 0x90: {
        _gas += 3;
        const a = (sp - 1) * 8,
          b = (sp - 2) * 8;
        for (let i = 0; i < 8; i++) {
          const t = L[a + i];
          L[a + i] = L[b + i];
          L[b + i] = t;
        }
        pc++;
        break;
      }
      default:
        if (op >= 0x60 && op <= 0x7f) {
          _gas += 3;
          const n = op - 0x5f;
          const base = sp * 8;
          for (let i = 0; i < 8; i++) L[base + i] = 0;
          for (let k = 0; k < n; k++) {
            const byte = code[pc + n - k];
            L[base + (k >> 2)] |= byte << ((k & 3) * 8);
          }
          sp++;
          pc += n + 1;
          break;
        }
        throw new Error(`op ${op.toString(16)}`);
    }
  }
}

export function runWordBench(): void {
  const loops = [
    ["A small counters", loopA(1_000_000)],
    ["B 256-bit MUL+ADD", loopB(300_000)],
    ["C 256-bit ADD", loopC(500_000)],
  ];
  for (const [name, code] of loops) {
    const rate = (f) => {
      f(code);
      const t = performance.now();
      const ops = f(code);
      return ops / ((performance.now() - t) / 1000) / 1e6;
    };
    console.log(
      `words, loop ${name}: bigint ${rate(runBigSwitch2).toFixed(1)} M ops/s, Uint32 limbs ${rate(runLimbSwitch).toFixed(1)} M ops/s`,
    );
  }
}
