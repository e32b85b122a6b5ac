/** value / meta × 100, the "% of the meta" shown beside a figure; null without a usable meta. */
export function percentOfMeta(
  value: number | null | undefined,
  meta: number | null | undefined,
): number | null {
  if (value == null || meta == null || !Number.isFinite(value) || !Number.isFinite(meta) || meta === 0)
    return null;
  return (value / meta) * 100;
}
