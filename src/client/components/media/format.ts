// How the admin writes file sizes and image dimensions.

/** 812 B, 14.2 KB, 3.4 MB, 10 MB (1 KB = 1024 bytes, as the upload limit is counted). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  return `${value.toFixed(1).replace(/\.0$/, '')} ${unit}`;
}

/** 1280 × 720 */
export const formatDimensions = (width: number, height: number) => `${width} × ${height}`;
