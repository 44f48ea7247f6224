import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/**
 * The enrolment QR code, drawn as SVG in the page from the `otpauth://` URL (the same package as the player
 * site's payment QR). Never an image service's URL: the secret must not leave the page.
 */
export function qrPath(text: string): { size: number; d: string } | null {
  try {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const size = qr.getModuleCount();
    let d = '';
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) if (qr.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
    }
    return { size, d };
  } catch {
    return null;
  }
}

const QUIET_ZONE = 4;

export function QrCode({ value, label }: { value: string; label: string }) {
  const path = useMemo(() => qrPath(value), [value]);
  if (!path) return null;
  const box = path.size + QUIET_ZONE * 2;
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
