/** The recordings a voice intro may be, told by content (magic bytes), never by name or declared type. */
export type AudioFormat = 'webm' | 'ogg';

export const audioContentTypes: Record<AudioFormat, string> = { webm: 'audio/webm', ogg: 'audio/ogg' };

export function sniffAudioFormat(bytes: Uint8Array): AudioFormat | null {
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  if (bytes.length >= 4 && bytes[0] === 0x4f && bytes[1] === 0x67 && bytes[2] === 0x67 && bytes[3] === 0x53) return 'ogg';
  return null;
}

/**
 * How long a recording lasts, in ms, read from its own timestamps (a recorder's WebM states no duration):
 * the last block's time in WebM, the last page's granule position in Ogg (Opus counts 48 kHz samples).
 * Null when the file has no readable timing: it is refused as unreadable.
 */
export function audioDurationMs(bytes: Uint8Array, format: AudioFormat): number | null {
  return format === 'webm' ? webmDurationMs(bytes) : oggOpusDurationMs(bytes);
}

function oggOpusDurationMs(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let granule: bigint | null = null;
  let preSkip = 0;
  for (let at = 0; at < bytes.length; ) {
    if (at + 27 > bytes.length || view.getUint32(at) !== 0x4f676753) return null;
    const position = view.getBigInt64(at + 6, true);
    const segments = bytes[at + 26]!;
    if (at + 27 + segments > bytes.length) return null;
    let body = 0;
    for (let index = 0; index < segments; index += 1) body += bytes[at + 27 + index]!;
    const start = at + 27 + segments;
    // OpusHead: the samples to skip at the start.
    if (body >= 12 && start + 12 <= bytes.length && String.fromCharCode(...bytes.subarray(start, start + 8)) === 'OpusHead') preSkip = view.getUint16(start + 10, true);
    if (position >= 0n) granule = position;
    at = start + body;
  }
  if (granule === null) return null;
  return Math.max(0, Number(granule) - preSkip) / 48;
}

const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

/** An EBML variable-length integer at `at`: its value (marker bit removed unless it is an id) and length. */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === (0xff >> length);
  for (let index = 1; index < length; index += 1) {
    value = value * 256 + bytes[at + index]!;
    if (bytes[at + index] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const unsigned = (bytes: Uint8Array, at: number, size: number) => {
  let value = 0;
  for (let index = 0; index < size; index += 1) value = value * 256 + bytes[at + index]!;
  return value;
};

function webmDurationMs(bytes: Uint8Array): number | null {
  let scaleNs = 1_000_000;
  let declared: number | null = null;
  let clusterTime = 0;
  let last: number | null = null;
  const blockTime = (at: number) => {
    const track = vint(bytes, at, false);
    if (!track || at + track.length + 2 > bytes.length) return;
    const relative = (bytes[at + track.length]! << 24) >> 16 | bytes[at + track.length + 1]!;
    last = Math.max(last ?? 0, clusterTime + relative);
  };
  // Walks the elements, going into the containers whose children carry timing.
  const walk = (start: number, end: number): boolean => {
    for (let at = start; at < end; ) {
      const id = vint(bytes, at, true);
      if (!id) return false;
      const size = vint(bytes, at + id.length, false);
      if (!size) return false;
      const body = at + id.length + size.length;
      // Live recordings leave the segment's and clusters' sizes unknown: they run to the end.
      const bodyEnd = size.unknown ? end : Math.min(end, body + size.value);
      switch (id.value) {
        case SEGMENT:
        case CLUSTER:
        case INFO:
        case BLOCK_GROUP:
          if (id.value === CLUSTER) clusterTime = 0;
          if (!walk(body, bodyEnd)) return false;
          break;
        case TIMECODE:
          clusterTime = unsigned(bytes, body, size.value);
          break;
        case TIMECODE_SCALE:
          scaleNs = unsigned(bytes, body, size.value) || scaleNs;
          break;
        case DURATION:
          declared = size.value === 8 ? new DataView(bytes.buffer, bytes.byteOffset + body, 8).getFloat64(0) : size.value === 4 ? new DataView(bytes.buffer, bytes.byteOffset + body, 4).getFloat32(0) : null;
          break;
        case SIMPLE_BLOCK:
        case BLOCK:
          blockTime(body);
          break;
      }
      if (size.unknown && (id.value === SEGMENT || id.value === CLUSTER)) return true;
      at = bodyEnd;
    }
    return true;
  };
  if (!walk(0, bytes.length)) return null;
  const ticks = Math.max(last ?? 0, declared ?? 0);
  if (last === null && declared === null) return null;
  return (ticks * scaleNs) / 1_000_000;
}
