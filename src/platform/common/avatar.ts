import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';

const GRID = 5;

/**
 * A symmetric 5×5 identicon in a colour derived from `seed`: the same seed always gives the same picture, so it
 * can be cached for a long time, and nothing about the user is looked up or revealed.
 */
export function avatarPng(seed: string, width: number, height: number): Buffer {
  const hash = createHash('sha256').update(seed).digest();
  const hue = (hash[0]! * 360) / 256;
  const foreground = hslToRgb(hue, 0.55, 0.5);
  const background = [240, 240, 240] as const;
  const cells: boolean[] = [];
  for (let row = 0; row < GRID; row++) {
    for (let column = 0; column < GRID; column++) {
      const mirrored = column < GRID / 2 ? column : GRID - 1 - column;
      cells.push((hash[1 + row * 3 + mirrored]! & 1) === 1);
    }
  }
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = Math.floor((y * GRID) / height) * GRID + Math.floor((x * GRID) / width);
      const [r, g, b] = cells[cell] ? foreground : background;
      const offset = (y * width + x) * 4;
      png.data[offset] = r;
      png.data[offset + 1] = g;
      png.data[offset + 2] = b;
      png.data[offset + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A plain image with no text: the registration form shows it, though this server asks for no captcha. */
export function blankPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(255);
  return PNG.sync.write(png);
}

function hslToRgb(hue: number, saturation: number, lightness: number): readonly [number, number, number] {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const h = hue / 60;
  const second = chroma * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1
      ? [chroma, second, 0]
      : h < 2
        ? [second, chroma, 0]
        : h < 3
          ? [0, chroma, second]
          : h < 4
            ? [0, second, chroma]
            : h < 5
              ? [second, 0, chroma]
              : [chroma, 0, second];
  const m = lightness - chroma / 2;
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}
