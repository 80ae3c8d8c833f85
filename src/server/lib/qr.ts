// The QR code of an otpauth:// URI, as an SVG data URL for an <img> (the `qrcode` package, on the
// server only: nothing is added to the admin's scripts).
import QRCode from 'qrcode';

export async function qrSvgDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
