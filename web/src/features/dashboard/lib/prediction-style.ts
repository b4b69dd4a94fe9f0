/** Display of a prediction by confidence: >=0.6 fill 0.6 / opacity 0.8; >=0.4 0.4 / 0.6; else 0.25 / 0.5. */
export function predictionStyle(confidence: number | null | undefined): { fill: number; opacity: number } {
  const c = confidence ?? 0.5;
  if (c >= 0.6) return { fill: 0.6, opacity: 0.8 };
  if (c >= 0.4) return { fill: 0.4, opacity: 0.6 };
  return { fill: 0.25, opacity: 0.5 };
}
