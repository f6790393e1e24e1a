/**
 * Reusable work arrays for one query at a time. Large typed arrays live outside the JavaScript
 * heap and each new one adds to the collector's external-memory pressure, so a query borrows
 * these instead of allocating. The contents of a borrowed array are whatever the last user left.
 */
export class Scratch {
  private readonly ints = new Map<string, Int32Array>();
  private readonly floats = new Map<string, Float64Array>();
  private readonly words = new Map<string, Uint32Array>();
  private readonly bytes = new Map<string, Uint8Array>();

  int32(name: string, length: number): Int32Array {
    return borrow(this.ints, name, length, (size) => new Int32Array(size));
  }

  float64(name: string, length: number): Float64Array {
    return borrow(this.floats, name, length, (size) => new Float64Array(size));
  }

  uint32(name: string, length: number): Uint32Array {
    return borrow(this.words, name, length, (size) => new Uint32Array(size));
  }

  uint8(name: string, length: number): Uint8Array {
    return borrow(this.bytes, name, length, (size) => new Uint8Array(size));
  }
}

function borrow<T extends Int32Array | Float64Array | Uint32Array | Uint8Array>(
  pool: Map<string, T>,
  name: string,
  length: number,
  create: (size: number) => T,
): T {
  let array = pool.get(name);
  if (!array || array.length < length) {
    array = create(Math.max(length, 64, (array?.length ?? 0) * 2));
    pool.set(name, array);
  }
  return array.subarray(0, length) as T;
}
