/**
 * Edits the ISNet ONNX graph in memory before onnxruntime loads it (docs/decisions/013-subject-extraction.md):
 * - float16 → float32: onnxruntime's CPU kernels for float16 (and the quint8 model's ConvInteger) are slower than its
 *   float32 convolutions, so the shipped fp16 weights run fastest widened;
 * - another input edge: the export fixed the input at 1024² and baked each upsampling's target size into a Constant
 *   ([h, h] int64, 32 ≤ h ≤ 1024, one per Resize); those sizes are scaled, the declared output shapes and
 *   intermediate value types dropped (onnxruntime infers them again). The fp16 export only: quint8 stores them otherwise.
 *
 * The protobuf is walked by hand along the few paths involved — model.graph → nodes, initializers, inputs, outputs,
 * value_info, node attributes, subgraphs — and every other field is copied byte for byte. Field numbers are those of
 * onnx/onnx.proto. Rewritten messages are kept as lists of parts and joined once, so a conversion holds one copy.
 */

const FLOAT = 1;
const INT64 = 7;
const FLOAT16 = 10;
/** The edge the model was exported at. */
export const ISNET_EXPORT_EDGE = 1024;
/** ISNet upsamples 39 times (6 stages' decoders and the side outputs). */
const RESIZE_SIZES = 39;

/** Protobuf wire types (groups are not used by ONNX). */
const Wire = { Varint: 0, Fixed64: 1, Bytes: 2, Fixed32: 5 } as const;

interface Field {
  field: number;
  wire: number;
  /** The varint's value (exact below 2^53; only compared with small numbers), else 0. */
  number: number;
  /** A length-delimited field's payload, else empty. */
  bytes: Uint8Array;
  /** The whole field, tag included, to copy unchanged. */
  raw: Uint8Array;
}

/** Message bytes not yet joined. */
interface Parts {
  list: Uint8Array[];
  length: number;
}

const parts = (list: Uint8Array[]): Parts => ({ list, length: list.reduce((sum, part) => sum + part.length, 0) });
const partsOf = (bytes: Uint8Array): Parts => ({ list: [bytes], length: bytes.length });

function readVarint(buf: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (let i = at; i < buf.length; i++) {
    const byte = buf[i] as number;
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if (byte < 0x80) return { value, next: i + 1 };
  }
  throw new Error("ONNX model: truncated varint");
}

function parseFields(buf: Uint8Array): Field[] {
  const fields: Field[] = [];
  let at = 0;
  while (at < buf.length) {
    const start = at;
    const tag = readVarint(buf, at);
    at = tag.next;
    const wire = tag.value % 8;
    let number = 0;
    let bytes = buf.subarray(0, 0);
    if (wire === Wire.Varint) {
      const varint = readVarint(buf, at);
      number = varint.value;
      at = varint.next;
    } else if (wire === Wire.Bytes) {
      const length = readVarint(buf, at);
      bytes = buf.subarray(length.next, length.next + length.value);
      at = length.next + length.value;
    } else if (wire === Wire.Fixed64) at += 8;
    else if (wire === Wire.Fixed32) at += 4;
    else throw new Error(`ONNX model: unsupported protobuf wire type ${wire}`);
    if (at > buf.length) throw new Error("ONNX model: truncated field");
    fields.push({ field: Math.floor(tag.value / 8), wire, number, bytes, raw: buf.subarray(start, at) });
  }
  return fields;
}

function varintBytes(value: number): Uint8Array {
  const out: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 128) | 0x80);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
  return Uint8Array.from(out);
}

const varintField = (field: number, value: number): Parts => parts([varintBytes(field * 8 + Wire.Varint), varintBytes(value)]);
const bytesField = (field: number, payload: Parts): Parts =>
  parts([varintBytes(field * 8 + Wire.Bytes), varintBytes(payload.length), ...payload.list]);
const DROP = parts([]);

/** Rebuilds a message, giving `rewrite` each length-delimited or varint field; undefined keeps the field as it was. */
function rewrite(buf: Uint8Array, edit: (field: Field) => Parts | undefined): Parts {
  return parts(parseFields(buf).flatMap((field) => (edit(field) ?? partsOf(field.raw)).list));
}

/** Rewrites the length-delimited field `number` of a message with `inner`. */
const within = (number: number, inner: (bytes: Uint8Array) => Parts) => (f: Field) =>
  f.field === number && f.wire === Wire.Bytes ? bytesField(number, inner(f.bytes)) : undefined;

/** Every float16 bit pattern's float32 value, so the weights convert by lookup. */
function float16Table(): Float32Array {
  const table = new Float32Array(65536);
  for (let bits = 0; bits < 65536; bits++) {
    const sign = bits & 0x8000 ? -1 : 1;
    const exponent = (bits >> 10) & 0x1f;
    const fraction = bits & 0x3ff;
    if (exponent === 0) table[bits] = sign * fraction * 2 ** -24;
    else if (exponent === 31) table[bits] = fraction ? Number.NaN : sign * Infinity;
    else table[bits] = sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
  }
  return table;
}

export interface GraphEdits {
  /** Float16 tensors made float32. */
  widenedTensors: number;
  /** Cast nodes to float16 now casting to float32. */
  widenedCasts: number;
  /** Upsampling target sizes scaled to the new edge. */
  resizedSizes: number;
}

class IsnetGraphEditor {
  readonly edits: GraphEdits = { widenedTensors: 0, widenedCasts: 0, resizedSizes: 0 };
  private table: Float32Array | undefined;
  private readonly decoder = new TextDecoder();

  private readonly edge: number;
  private readonly widen: boolean;

  constructor(edge: number, widen: boolean) {
    this.edge = edge;
    this.widen = widen;
  }

  /** ModelProto: graph 7. */
  model(buf: Uint8Array): Uint8Array {
    const edited = rewrite(buf, within(7, (graph) => this.graph(graph, true)));
    const out = new Uint8Array(edited.length);
    let at = 0;
    for (const part of edited.list) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }

  /** GraphProto: node 1, initializer 5, input 11, output 12, value_info 13. */
  private graph(buf: Uint8Array, main: boolean): Parts {
    return rewrite(buf, (f) => {
      if (f.wire !== Wire.Bytes) return undefined;
      if (f.field === 1) return bytesField(1, this.node(f.bytes));
      if (f.field === 5) return bytesField(5, this.tensor(f.bytes));
      if (f.field === 13) return DROP;
      if (main && f.field === 11) return bytesField(11, rewrite(f.bytes, within(2, (type) => this.type(type, "resize"))));
      if (f.field === 11 || f.field === 12) return bytesField(f.field, rewrite(f.bytes, within(2, (type) => this.type(type, "drop"))));
      return undefined;
    });
  }

  /** NodeProto: op_type 4, attribute 5. */
  private node(buf: Uint8Array): Parts {
    const fields = parseFields(buf);
    const opType = this.decoder.decode(fields.find((f) => f.field === 4)?.bytes);
    return parts(fields.flatMap((f) => (f.field === 5 && f.wire === Wire.Bytes ? bytesField(5, this.attribute(f.bytes, opType)) : partsOf(f.raw)).list));
  }

  /** AttributeProto: name 1, i 3 (a Cast's target), t 5, g 6, tensors 10, graphs 11. */
  private attribute(buf: Uint8Array, opType: string): Parts {
    const fields = parseFields(buf);
    const name = this.decoder.decode(fields.find((f) => f.field === 1)?.bytes);
    return parts(
      fields.flatMap((f) => {
        if (this.widen && f.field === 3 && f.wire === Wire.Varint && opType === "Cast" && name === "to" && f.number === FLOAT16) {
          this.edits.widenedCasts++;
          return varintField(3, FLOAT).list;
        }
        if ((f.field === 5 || f.field === 10) && f.wire === Wire.Bytes) return bytesField(f.field, this.tensor(f.bytes)).list;
        if ((f.field === 6 || f.field === 11) && f.wire === Wire.Bytes) return bytesField(f.field, this.graph(f.bytes, false)).list;
        return [f.raw];
      }),
    );
  }

  /** TensorProto: dims 1, data_type 2, int32_data 5 (float16 bits, packed), raw_data 9 (little-endian), external 13/14. */
  private tensor(buf: Uint8Array): Parts {
    const fields = parseFields(buf);
    const type = fields.find((f) => f.field === 2 && f.wire === Wire.Varint)?.number;
    const raw = fields.find((f) => f.field === 9 && f.wire === Wire.Bytes)?.bytes;
    if (type === INT64 && raw?.length === 16 && this.edge !== ISNET_EXPORT_EDGE) {
      const [height, width] = new BigInt64Array(raw.slice().buffer);
      const size = Number(height);
      if (height === width && size >= 32 && size <= ISNET_EXPORT_EDGE && size % 32 === 0) {
        this.edits.resizedSizes++;
        const scaled = BigInt(Math.round((size * this.edge) / ISNET_EXPORT_EDGE));
        return rewrite(buf, (f) => (f.field === 9 ? bytesField(9, partsOf(new Uint8Array(BigInt64Array.of(scaled, scaled).buffer))) : undefined));
      }
    }
    if (type !== FLOAT16 || !this.widen) return partsOf(buf);
    if (fields.some((f) => f.field === 13 || f.field === 14)) throw new Error("ONNX model: float16 tensors stored outside the file are not supported");
    const halves = raw ? new Uint16Array(raw.slice().buffer) : this.packedHalves(fields);
    const table = (this.table ??= float16Table());
    const floats = new Float32Array(halves.length);
    for (let i = 0; i < halves.length; i++) floats[i] = table[halves[i] as number] as number;
    this.edits.widenedTensors++;
    const kept = fields.filter((f) => f.field !== 2 && f.field !== 5 && f.field !== 9).map((f) => f.raw);
    return parts([...kept, ...varintField(2, FLOAT).list, ...bytesField(9, partsOf(new Uint8Array(floats.buffer))).list]);
  }

  private packedHalves(fields: Field[]): number[] {
    const halves: number[] = [];
    for (const f of fields) {
      if (f.field !== 5) continue;
      if (f.wire === Wire.Varint) halves.push(f.number);
      else
        for (let at = 0; at < f.bytes.length; ) {
          const varint = readVarint(f.bytes, at);
          halves.push(varint.value);
          at = varint.next;
        }
    }
    return halves;
  }

  /** TypeProto: tensor_type 1 → { elem_type 1, shape 2 → dim 1 → dim_value 1 }. */
  private type(buf: Uint8Array, shape: "resize" | "drop"): Parts {
    return rewrite(
      buf,
      within(1, (tensorType) =>
        rewrite(tensorType, (f) => {
          if (this.widen && f.field === 1 && f.wire === Wire.Varint && f.number === FLOAT16) return varintField(1, FLOAT);
          if (f.field !== 2 || this.edge === ISNET_EXPORT_EDGE) return undefined;
          if (shape === "drop") return DROP;
          const resized = rewrite(f.bytes, within(1, (dim) => rewrite(dim, (d) => (d.field === 1 && d.number === ISNET_EXPORT_EDGE ? varintField(1, this.edge) : undefined))));
          return bytesField(2, resized);
        }),
      ),
    );
  }
}

/**
 * The ISNet model with its input edge set to `edge` (a multiple of 32: the encoder halves the image five times) and,
 * with `widen`, float16 made float32. Throws when the graph is not the ISNet export these edits were written for.
 */
export function editIsnetGraph(model: Uint8Array, { edge, widen }: { edge: number; widen: boolean }): { model: Uint8Array; edits: GraphEdits } {
  if (edge % 32 !== 0 || edge < 32 || edge > ISNET_EXPORT_EDGE) throw new Error(`ISNet: input edge ${edge} is not a multiple of 32 up to ${ISNET_EXPORT_EDGE}`);
  const editor = new IsnetGraphEditor(edge, widen);
  const edited = editor.model(model);
  if (edge !== ISNET_EXPORT_EDGE && editor.edits.resizedSizes !== RESIZE_SIZES)
    throw new Error(`ISNet: found ${editor.edits.resizedSizes} upsampling sizes, expected ${RESIZE_SIZES}; the input edge cannot be changed`);
  return { model: edited, edits: editor.edits };
}
