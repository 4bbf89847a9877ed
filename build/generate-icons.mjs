// Draws the Atendo logo (a green rounded square holding a white speech bubble) into the PNGs that
// electron-builder and the tray use, and the unread overlays of the Windows taskbar. Shapes are
// signed-distance functions sampled 4×4 per pixel, so every size is rendered from geometry instead
// of downscaled. No dependency: PNG encoding needs
// only zlib. Run `node build/generate-icons.mjs` after changing the logo and commit the output.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const buildDir = path.dirname(fileURLToPath(import.meta.url));

const GREEN_TOP = [0x25, 0xb8, 0x72];
const GREEN_BOTTOM = [0x0b, 0x7f, 0x4d];
const WHITE = [0xff, 0xff, 0xff];
const UNREAD_RED = [0xe5, 0x39, 0x35];

// Signed distances in the unit square (negative inside).
function roundedRect(x, y, cx, cy, halfWidth, halfHeight, radius) {
  const qx = Math.abs(x - cx) - halfWidth + radius;
  const qy = Math.abs(y - cy) - halfHeight + radius;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

function circle(x, y, cx, cy, radius) {
  return Math.hypot(x - cx, y - cy) - radius;
}

function insideTriangle(x, y, [ax, ay], [bx, by], [cx, cy]) {
  const side = (px, py, qx, qy) => (x - qx) * (py - qy) - (px - qx) * (y - qy);
  const d1 = side(ax, ay, bx, by);
  const d2 = side(bx, by, cx, cy);
  const d3 = side(cx, cy, ax, ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

/** The colour at one point of the logo, or null where it is transparent. */
function logoColour(x, y, { unread }) {
  if (unread && circle(x, y, 0.8, 0.2, 0.2) <= 0) return UNREAD_RED;
  if (roundedRect(x, y, 0.5, 0.5, 0.47, 0.47, 0.22) > 0) return null;
  const green = GREEN_TOP.map((top, i) => Math.round(top + (GREEN_BOTTOM[i] - top) * y));
  const inBubble =
    roundedRect(x, y, 0.5, 0.46, 0.29, 0.2, 0.11) <= 0 ||
    insideTriangle(x, y, [0.27, 0.58], [0.42, 0.62], [0.24, 0.79]);
  if (!inBubble) return green;
  const inDot = [0.38, 0.5, 0.62].some((cx) => circle(x, y, cx, 0.46, 0.045) <= 0);
  return inDot ? green : WHITE;
}

// A 3×5 pixel font, enough for the taskbar overlay's "1" to "9" and "9+" at 16 px.
const GLYPHS = {
  1: ['.#.', '##.', '.#.', '.#.', '###'],
  2: ['###', '..#', '###', '#..', '###'],
  3: ['###', '..#', '###', '..#', '###'],
  4: ['#.#', '#.#', '###', '..#', '..#'],
  5: ['###', '#..', '###', '..#', '###'],
  6: ['###', '#..', '###', '#.#', '###'],
  7: ['###', '..#', '..#', '..#', '..#'],
  8: ['###', '#.#', '###', '#.#', '###'],
  9: ['###', '#.#', '###', '..#', '###'],
  '+': ['...', '.#.', '###', '.#.', '...'],
};

function insideText(x, y, text) {
  // One empty column between glyphs; the cell size keeps the text inside the circle.
  const columns = text.length * 4 - 1;
  const cell = text.length > 1 ? 0.1 : 0.12;
  const left = 0.5 - (columns * cell) / 2;
  const top = 0.5 - (5 * cell) / 2;
  const column = Math.floor((x - left) / cell);
  const row = Math.floor((y - top) / cell);
  if (row < 0 || row >= 5 || column < 0 || column >= columns || column % 4 === 3) return false;
  return GLYPHS[text[Math.floor(column / 4)]][row][column % 4] === '#';
}

/** The Windows taskbar overlay: a red disc with the count in white, or a smaller disc alone. */
function overlayColour(x, y, { text }) {
  if (!text) return circle(x, y, 0.5, 0.5, 0.3) <= 0 ? UNREAD_RED : null;
  if (circle(x, y, 0.5, 0.5, 0.5) > 0) return null;
  return insideText(x, y, text) ? WHITE : UNREAD_RED;
}

function render(size, options = { unread: false }, colourAt = logoColour) {
  const samples = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const colour = colourAt((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size, options);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          covered += 1;
        }
      }
      const offset = (py * size + px) * 4;
      if (covered > 0) {
        rgba[offset] = Math.round(r / covered);
        rgba[offset + 1] = Math.round(g / covered);
        rgba[offset + 2] = Math.round(b / covered);
        rgba[offset + 3] = Math.round((covered / (samples * samples)) * 255);
      }
    }
  }
  return encodePng(size, size, rgba);
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    rows[y * (width * 4 + 1)] = 0; // no filter
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function write(relativePath, png) {
  const target = path.join(buildDir, relativePath);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, png);
  console.log(`wrote build/${relativePath}`);
}

// electron-builder makes the macOS .icns and the Windows .ico from icon.png, and takes the Linux
// sizes from icons/<n>x<n>.png.
write('icon.png', render(512));
for (const size of [16, 24, 32, 48, 64, 128, 256, 512]) write(`icons/${size}x${size}.png`, render(size));
// Electron picks the @2x file on high-density screens by itself.
for (const [name, unread] of [
  ['tray', false],
  ['tray-unread', true],
]) {
  write(`tray/${name}.png`, render(16, { unread }));
  write(`tray/${name}@2x.png`, render(32, { unread }));
}
// Windows draws the overlay at 16 px (32 px on high-density screens) over the taskbar button.
for (const [name, text] of [
  ...['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((digit) => [`overlay-${digit}`, digit]),
  ['overlay-9plus', '9+'],
  ['overlay-dot', ''],
]) {
  write(`overlay/${name}.png`, render(16, { text }, overlayColour));
  write(`overlay/${name}@2x.png`, render(32, { text }, overlayColour));
}
