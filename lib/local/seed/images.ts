import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { putObject } from '../../../lambdas/core/images-bucket';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A round portrait placeholder with the person's initials, as a JPEG. */
export function avatarJpeg(initials: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <rect width="512" height="512" fill="${colour}"/>
    <text x="50%" y="54%" font-family="DejaVu Sans, Arial, sans-serif" font-size="200" font-weight="700" fill="#fff"
      text-anchor="middle" dominant-baseline="middle">${escape(initials)}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A firm's wordmark placeholder: its initials on a band of its colour, as a JPEG (a logo is wider than tall). */
export function logoJpeg(initials: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="200">
    <rect width="480" height="200" fill="#fff"/><rect x="20" y="40" width="120" height="120" rx="16" fill="${colour}"/>
    <text x="300" y="108" font-family="DejaVu Sans, Arial, sans-serif" font-size="96" font-weight="700" fill="${colour}"
      text-anchor="middle" dominant-baseline="middle">${escape(initials)}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A simple building-and-sky illustration for a listing photo, as a JPEG. */
export function propertyPhotoJpeg(title: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bfdbfe"/><stop offset="1" stop-color="#eff6ff"/></linearGradient></defs>
    <rect width="1600" height="1000" fill="url(#sky)"/>
    <rect y="780" width="1600" height="220" fill="#94a3b8"/>
    <rect x="300" y="300" width="700" height="480" fill="${colour}"/>
    <rect x="1000" y="420" width="360" height="360" fill="${colour}" opacity="0.8"/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="${340 + (i % 6) * 105}" y="${340 + Math.floor(i / 6) * 160}" width="70" height="110" fill="#e2e8f0" opacity="0.85"/>`).join('')}
    <rect x="0" y="880" width="1600" height="120" fill="#0f172a" opacity="0.55"/>
    <text x="60" y="955" font-family="DejaVu Sans, Arial, sans-serif" font-size="54" fill="#fff">${escape(title)}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** Puts bytes where a browser's presigned POST would have put them, so the real finalise step runs next. */
export async function stageUpload(prefix: string, bytes: Buffer): Promise<string> {
  const key = `${prefix}/uploads/${randomUUID()}`;
  await putObject(key, bytes, { contentType: 'image/jpeg' });
  return key;
}
