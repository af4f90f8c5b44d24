export interface Figure {
  name: string;
  value: number;
  unit: string;
  goal: number;
  /** 'min': the value must reach the goal; 'max': it must stay below it. */
  kind: 'min' | 'max';
}

/** A fixed-width table: value, goal, value/goal and whether the goal is met. */
export function formatTable(figures: Figure[]): string {
  const rows = figures.map((f) => {
    const met = f.kind === 'min' ? f.value >= f.goal : f.value < f.goal;
    return [
      f.name,
      `${round(f.value)} ${f.unit}`,
      `${f.kind === 'min' ? '≥' : '<'} ${round(f.goal)} ${f.unit}`,
      f.goal === 0 ? '-' : `${(f.value / f.goal).toFixed(2)}×`,
      met ? 'met' : 'MISSED',
    ];
  });
  const header = ['figure', 'value', 'goal', 'value/goal', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function round(n: number): string {
  return Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2);
}
