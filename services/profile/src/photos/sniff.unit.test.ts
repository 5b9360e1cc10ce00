import { sniffImageFormat } from './sniff';

const bytes = (...values: Array<number | string>) =>
  Buffer.concat(values.map((value) => (typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value]))));

describe('sniffImageFormat', () => {
  it('recognises JPEG by its SOI marker', () => {
    expect(sniffImageFormat(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'))).toBe('jpeg');
  });

  it('recognises PNG by its 8-byte signature', () => {
    expect(sniffImageFormat(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 'IHDR'))).toBe('png');
  });

  it('recognises GIF87a and GIF89a', () => {
    expect(sniffImageFormat(bytes('GIF87a', 1, 0))).toBe('gif');
    expect(sniffImageFormat(bytes('GIF89a', 1, 0))).toBe('gif');
  });

  it('recognises WebP inside its RIFF container', () => {
    expect(sniffImageFormat(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses other RIFF files (a WAV is not a photo)', () => {
    expect(sniffImageFormat(bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '))).toBeNull();
  });

  it('refuses text, whatever the file is called', () => {
    expect(sniffImageFormat(Buffer.from('just some text, saved as photo.jpg'))).toBeNull();
  });

  it('refuses SVG, which can carry script', () => {
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
  });

  it('refuses truncated signatures and empty input', () => {
    expect(sniffImageFormat(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffImageFormat(bytes(0x89, 'PNG'))).toBeNull();
    expect(sniffImageFormat(new Uint8Array())).toBeNull();
  });
});
