import { audioDurationMs, sniffAudioFormat } from './audio';

// Minimal files built byte by byte, shaped as browsers' recorders write them.
const UNKNOWN = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
const element = (id: number[], body: number[], size?: number[]) => [...id, ...(size ?? [0x80 | body.length]), ...body];
const uint16 = (value: number) => [(value >> 8) & 0xff, value & 0xff];
const simpleBlock = (relative: number) => element([0xa3], [0x81, ...uint16(relative & 0xffff), 0x80, 1, 2, 3]);
const cluster = (timecode: number, ...relatives: number[]) => element([0x1f, 0x43, 0xb6, 0x75], [...element([0xe7], uint16(timecode)), ...relatives.flatMap(simpleBlock)], UNKNOWN);

function webm(...clusters: number[][]): Uint8Array {
  const header = element([0x1a, 0x45, 0xdf, 0xa3], []);
  const info = element([0x15, 0x49, 0xa9, 0x66], element([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]));
  return Uint8Array.from([...header, ...[0x18, 0x53, 0x80, 0x67], ...UNKNOWN, ...info, ...clusters.flat()]);
}

function oggPage(granule: bigint, body: number[]): number[] {
  const page = new Uint8Array(27 + 1 + body.length);
  page.set([0x4f, 0x67, 0x67, 0x53, 0, 0]);
  new DataView(page.buffer).setBigInt64(6, granule, true);
  page[26] = 1;
  page[27] = body.length;
  page.set(body, 28);
  return [...page];
}
const opusHead = (preSkip: number) => [...'OpusHead'].map((char) => char.charCodeAt(0)).concat([1, 1, preSkip & 0xff, preSkip >> 8, 0x80, 0xbb, 0, 0, 0, 0, 0]);

describe('voice intro recordings', () => {
  it('are told apart by content: WebM and Ogg, nothing else', () => {
    expect(sniffAudioFormat(webm())).toBe('webm');
    expect(sniffAudioFormat(Uint8Array.from(oggPage(0n, opusHead(0))))).toBe('ogg');
    expect(sniffAudioFormat(Uint8Array.from([0x49, 0x44, 0x33, 4]))).toBeNull();
    expect(sniffAudioFormat(new TextEncoder().encode('<svg/>'))).toBeNull();
  });

  it("last as long as a recorder's WebM says with its last block, across clusters of unknown size", () => {
    expect(audioDurationMs(webm(cluster(0, 0, 20, 40), cluster(29_000, 0, 500)), 'webm')).toBe(29_500);
    expect(audioDurationMs(webm(cluster(0, 0), cluster(31_000, 20)), 'webm')).toBe(31_020);
  });

  it('last as long as an Ogg Opus stream says with its last granule position, less the pre-skip', () => {
    const ogg = Uint8Array.from([...oggPage(0n, opusHead(312)), ...oggPage(0n, [1, 2, 3]), ...oggPage(48_000n * 12n + 312n, [4, 5, 6])]);
    expect(audioDurationMs(ogg, 'ogg')).toBe(12_000);
  });

  it('have no duration when their structure is broken', () => {
    expect(audioDurationMs(Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x00]), 'webm')).toBeNull();
    expect(audioDurationMs(Uint8Array.from([...oggPage(10n, [1]), 0x4f, 0x67, 0x00]), 'ogg')).toBeNull();
  });
});
