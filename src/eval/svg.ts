/**
 * The selective-answering plot as a small hand-written SVG: coverage (x) against precision@3 (y),
 * one polyline per system, axes with ticks and labels, a legend. No dependencies: the plot is a
 * few dozen elements, and a charting library would be the largest thing in the harness.
 */

export interface PlotPoint {
  /** Coverage in [0, 1]. */
  x: number;
  /** Precision in [0, 1]. */
  y: number;
}

export interface PlotSeries {
  name: string;
  points: readonly PlotPoint[];
}

/** Canvas size and margins in px: room on the right for a legend of ~12 system names. */
const WIDTH = 720;
const HEIGHT = 420;
const MARGIN = { left: 64, right: 200, top: 40, bottom: 56 } as const;
/** Tick steps on both axes (0, 0.2, …): five intervals read easily at this size. */
const TICKS = 5;
/**
 * Line colours, cycled: Okabe–Ito, distinguishable with the common colour-vision deficiencies.
 */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#F0E442', '#000000'] as const;
/**
 * Dash patterns, cycled with the colours: systems often trace nearly the same curve (keyword and
 * full do), and a dashed line drawn over a solid one leaves both visible.
 */
const DASHES = ['none', '7 4', '2 3', '10 3 2 3'] as const;

/**
 * Renders the plot. The y axis runs from 0 to the highest precision rounded up to a tenth (at least
 * 0.1), so low precisions (Cranfield's are ~0.3) are not squashed into the bottom of a 0–1 axis.
 */
export function selectiveAnsweringSvg(series: readonly PlotSeries[], title = 'Selective answering: coverage vs precision@3'): string {
  const maxY = Math.max(0.1, Math.ceil(Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.y))) * 10 - 1e-9) / 10);
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const sx = (x: number) => MARGIN.left + x * plotW;
  const sy = (y: number) => MARGIN.top + plotH - (y / maxY) * plotH;
  const bottom = MARGIN.top + plotH;

  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`);
  parts.push(`<title>${escapeXml(title)}</title>`);
  parts.push(`<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`);
  parts.push(`<text x="${MARGIN.left}" y="${MARGIN.top - 16}" font-size="14">${escapeXml(title)}</text>`);

  for (let i = 0; i <= TICKS; i++) {
    const xValue = i / TICKS;
    const yValue = (i / TICKS) * maxY;
    const x = fmt(sx(xValue));
    const y = fmt(sy(yValue));
    parts.push(`<line x1="${x}" y1="${MARGIN.top}" x2="${x}" y2="${bottom}" stroke="#eeeeee"/>`);
    parts.push(`<line x1="${MARGIN.left}" y1="${y}" x2="${MARGIN.left + plotW}" y2="${y}" stroke="#eeeeee"/>`);
    parts.push(`<line x1="${x}" y1="${bottom}" x2="${x}" y2="${bottom + 5}" stroke="#333333"/>`);
    parts.push(`<text x="${x}" y="${bottom + 18}" text-anchor="middle">${xValue.toFixed(1)}</text>`);
    parts.push(`<line x1="${MARGIN.left - 5}" y1="${y}" x2="${MARGIN.left}" y2="${y}" stroke="#333333"/>`);
    parts.push(`<text x="${MARGIN.left - 8}" y="${y}" text-anchor="end" dominant-baseline="middle">${yValue.toFixed(2)}</text>`);
  }
  parts.push(`<line x1="${MARGIN.left}" y1="${bottom}" x2="${MARGIN.left + plotW}" y2="${bottom}" stroke="#333333"/>`);
  parts.push(`<line x1="${MARGIN.left}" y1="${MARGIN.top}" x2="${MARGIN.left}" y2="${bottom}" stroke="#333333"/>`);
  parts.push(`<text x="${fmt(MARGIN.left + plotW / 2)}" y="${HEIGHT - 14}" text-anchor="middle">coverage (share of queries answered)</text>`);
  parts.push(`<text transform="translate(16 ${fmt(MARGIN.top + plotH / 2)}) rotate(-90)" text-anchor="middle">precision@3 of answered queries</text>`);

  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const dash = DASHES[i % DASHES.length];
    // Drawn by increasing coverage so the line reads left to right whatever order the points came in.
    const points = [...s.points].sort((a, b) => a.x - b.x || a.y - b.y).map((p) => `${fmt(sx(p.x))},${fmt(sy(p.y))}`).join(' ');
    parts.push(`<polyline fill="none" stroke="${colour}" stroke-width="2" stroke-dasharray="${dash}" points="${points}"><title>${escapeXml(s.name)}</title></polyline>`);
    const ly = MARGIN.top + 10 + i * 20;
    const lx = MARGIN.left + plotW + 16;
    parts.push(`<line x1="${lx}" y1="${ly}" x2="${lx + 24}" y2="${ly}" stroke="${colour}" stroke-width="2" stroke-dasharray="${dash}"/>`);
    parts.push(`<text x="${lx + 30}" y="${ly}" dominant-baseline="middle">${escapeXml(s.name)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Two decimals: sub-pixel precision is invisible and longer numbers only bloat the file. */
function fmt(n: number): string {
  return String(Math.round(n * 100) / 100);
}
