/**
 * A QR code drawn from the server's rows of dark (1) and light (0) modules, as one SVG path:
 * no image request, nothing inline for the Content-Security-Policy to refuse, sharp at any size.
 */
export function QrCode({ modules, label }: { modules: string[]; label: string }) {
  const size = modules.length;
  let path = '';
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x += 1) if (row[x] === '1') path += `M${x} ${y}h1v1h-1z`;
  });
  return (
    <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} className="h-52 w-52 rounded bg-white p-1" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
