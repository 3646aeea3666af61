// An LZMA decoder for the ".lzma" (LZMA_Alone) format that Python's lzma module writes with
// format=lzma.FORMAT_ALONE. gamelib.ui.widget_bundle sends it to a page with plotly's widget
// bundle compressed this way (a quarter smaller than gzip); browsers decode only gzip and
// deflate natively. Written from the format's description (Igor Pavlov's LZMA specification):
// a range decoder over adaptive bit probabilities, literals coded with the previous byte as
// context, matches with length coders and distance slots, four repeated distances.
//
// decode(bytes: Uint8Array) -> Uint8Array; throws an Error on malformed input. Run as a worker,
// it answers each message (bytes) with the decoded bytes, or with an error's text.

const PROB_INIT = 1024;
const TOP = 16777216; // 2 ** 24: the range decoder takes a byte when the range falls below
const STATES = 12;
const POS_STATES_MAX = 16;
const END_POS_MODEL = 14;
const FULL_DISTANCES = 128;
const ALIGN_BITS = 4;
const LEN_TO_POS_STATES = 4;
const MATCH_MIN = 2;

function probs(n) {
  return new Uint16Array(n).fill(PROB_INIT);
}

class RangeDecoder {
  constructor(input, start) {
    if (input[start] !== 0) throw new Error("lzma: bad range coder start");
    this.input = input;
    this.pos = start + 5;
    this.range = 0xffffffff;
    this.code = 0;
    for (let i = 1; i < 5; i++) this.code = this.code * 256 + input[start + i];
    if (this.code === this.range) throw new Error("lzma: bad range coder start");
  }

  next() {
    if (this.pos >= this.input.length) throw new Error("lzma: input ends early");
    return this.input[this.pos++];
  }

  // range and code are kept as non-negative numbers below 2 ** 32 (no 32-bit sign wrap).
  bit(p, i) {
    const prob = p[i];
    const bound = (this.range >>> 11) * prob;
    let b;
    if (this.code < bound) {
      this.range = bound;
      p[i] = prob + ((2048 - prob) >>> 5);
      b = 0;
    } else {
      this.range -= bound;
      this.code -= bound;
      p[i] = prob - (prob >>> 5);
      b = 1;
    }
    if (this.range < TOP) {
      this.range *= 256;
      this.code = this.code * 256 + this.next();
    }
    return b;
  }

  direct(count) {
    let result = 0;
    for (let k = 0; k < count; k++) {
      this.range = this.range >>> 1;
      let b = 0;
      if (this.code >= this.range) {
        this.code -= this.range;
        b = 1;
      }
      result = result * 2 + b;
      if (this.range < TOP) {
        this.range *= 256;
        this.code = this.code * 256 + this.next();
      }
    }
    return result;
  }

  tree(p, base, bits) {
    let m = 1;
    for (let k = 0; k < bits; k++) m = (m << 1) | this.bit(p, base + m);
    return m - (1 << bits);
  }

  reverseTree(p, base, bits) {
    let m = 1;
    let symbol = 0;
    for (let k = 0; k < bits; k++) {
      const b = this.bit(p, base + m);
      m = (m << 1) | b;
      symbol |= b << k;
    }
    return symbol;
  }
}

class LengthDecoder {
  constructor() {
    this.choice = probs(2);
    this.low = probs(POS_STATES_MAX << 3);
    this.mid = probs(POS_STATES_MAX << 3);
    this.high = probs(256);
  }

  decode(rc, posState) {
    if (rc.bit(this.choice, 0) === 0) return rc.tree(this.low, posState << 3, 3);
    if (rc.bit(this.choice, 1) === 0) return 8 + rc.tree(this.mid, posState << 3, 3);
    return 16 + rc.tree(this.high, 0, 8);
  }
}

export function decode(input) {
  if (input.length < 13) throw new Error("lzma: header too short");
  let d = input[0];
  if (d >= 9 * 5 * 5) throw new Error("lzma: bad properties");
  const lc = d % 9;
  d = Math.floor(d / 9);
  const lp = d % 5;
  const pb = Math.floor(d / 5);
  let dictSize = 0;
  for (let i = 0; i < 4; i++) dictSize += input[1 + i] * 2 ** (8 * i);
  // eight 0xff bytes: the size is not stated, and the stream ends with a marker
  const known = input.subarray(5, 13).some((b) => b !== 0xff);
  let size = 0;
  for (let i = 0; i < 8; i++) size += input[5 + i] * 2 ** (8 * i);
  let out = new Uint8Array(known ? size : Math.max(1 << 16, input.length * 4));
  let pos = 0;
  const grow = (need) => {
    const bigger = new Uint8Array(Math.max(need, out.length * 2));
    bigger.set(out);
    out = bigger;
  };

  const rc = new RangeDecoder(input, 13);
  const literals = probs(0x300 << (lc + lp));
  const isMatch = probs(STATES << 4);
  const isRep = probs(STATES);
  const isRepG0 = probs(STATES);
  const isRepG1 = probs(STATES);
  const isRepG2 = probs(STATES);
  const isRep0Long = probs(STATES << 4);
  const posSlot = probs(LEN_TO_POS_STATES << 6);
  const posDecoders = probs(1 + FULL_DISTANCES - END_POS_MODEL);
  const align = probs(1 << ALIGN_BITS);
  const lenDecoder = new LengthDecoder();
  const repLenDecoder = new LengthDecoder();
  const pbMask = (1 << pb) - 1;
  const lpMask = (1 << lp) - 1;
  let state = 0;
  let rep0 = 0;
  let rep1 = 0;
  let rep2 = 0;
  let rep3 = 0;

  const distance = (len) => {
    const lenState = len < LEN_TO_POS_STATES - 1 ? len : LEN_TO_POS_STATES - 1;
    const slot = rc.tree(posSlot, lenState << 6, 6);
    if (slot < 4) return slot;
    const directBits = (slot >>> 1) - 1;
    let dist = (2 | (slot & 1)) * 2 ** directBits;
    if (slot < END_POS_MODEL) return dist + rc.reverseTree(posDecoders, dist - slot, directBits);
    dist += rc.direct(directBits - ALIGN_BITS) * 2 ** ALIGN_BITS;
    return dist + rc.reverseTree(align, 0, ALIGN_BITS);
  };

  while (!known || pos < size) {
    const posState = pos & pbMask;
    if (rc.bit(isMatch, (state << 4) + posState) === 0) {
      const prev = pos > 0 ? out[pos - 1] : 0;
      const base = 0x300 * (((pos & lpMask) << lc) + (prev >>> (8 - lc)));
      let symbol = 1;
      if (state >= 7) {
        if (rep0 >= pos) throw new Error("lzma: distance beyond the output");
        let matchByte = out[pos - rep0 - 1];
        while (symbol < 0x100) {
          const matchBit = (matchByte >>> 7) & 1;
          matchByte <<= 1;
          const b = rc.bit(literals, base + ((1 + matchBit) << 8) + symbol);
          symbol = (symbol << 1) | b;
          if (matchBit !== b) break;
        }
      }
      while (symbol < 0x100) symbol = (symbol << 1) | rc.bit(literals, base + symbol);
      if (pos >= out.length) grow(pos + 1);
      out[pos++] = symbol - 0x100;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    let len;
    if (rc.bit(isRep, state) !== 0) {
      if (pos === 0) throw new Error("lzma: repeated match at the start");
      if (rc.bit(isRepG0, state) === 0) {
        if (rc.bit(isRep0Long, (state << 4) + posState) === 0) {
          state = state < 7 ? 9 : 11;
          if (pos >= out.length) grow(pos + 1);
          out[pos] = out[pos - rep0 - 1];
          pos++;
          continue;
        }
      } else {
        let dist;
        if (rc.bit(isRepG1, state) === 0) {
          dist = rep1;
        } else {
          if (rc.bit(isRepG2, state) === 0) {
            dist = rep2;
          } else {
            dist = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = dist;
      }
      len = repLenDecoder.decode(rc, posState);
      state = state < 7 ? 8 : 11;
    } else {
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      len = lenDecoder.decode(rc, posState);
      state = state < 7 ? 7 : 10;
      rep0 = distance(len);
      if (rep0 === 0xffffffff) {
        if (known && pos !== size) throw new Error("lzma: end marker before the end");
        break;
      }
      if (rep0 >= pos || rep0 >= Math.max(dictSize, 4096)) {
        throw new Error("lzma: distance beyond the output");
      }
    }
    len += MATCH_MIN;
    if (known && pos + len > size) throw new Error("lzma: data beyond the stated size");
    if (pos + len > out.length) grow(pos + len);
    for (let from = pos - rep0 - 1, end = pos + len; pos < end; ) out[pos++] = out[from++];
  }
  return out.subarray(0, pos);
}

if (typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope) {
  globalThis.onmessage = (e) => {
    try {
      const out = decode(e.data);
      globalThis.postMessage(out, [out.buffer]);
    } catch (err) {
      globalThis.postMessage(String(err));
    }
  };
}
