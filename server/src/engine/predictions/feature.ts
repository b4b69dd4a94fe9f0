export const PREDICTIONS_FEATURE = 'predictions';

/** Predictions are shown only to accounts with the 'predictions' feature flag. */
export function predictionsEnabled(account: { features: readonly string[] | null | undefined }): boolean {
  return (account.features ?? []).includes(PREDICTIONS_FEATURE);
}
