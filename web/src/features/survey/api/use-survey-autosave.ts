import type { SaveSurveyBody } from '@overlap/contract/onboarding';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { saveSurvey } from './survey';

/** How long typing pauses before a text answer is saved. */
const TEXT_SAVE_DELAY_MS = 500;

interface SurveyAutosave {
  /** Saves now, together with any text still waiting for its pause. */
  save: (changes: SaveSurveyBody) => Promise<void>;
  /** Saves after typing pauses; a newer call for the same field replaces the older one. */
  saveLater: (changes: SaveSurveyBody) => void;
}

/**
 * Saves the survey on every change. Saves run one after another so an older answer never lands
 * after a newer one. Failures are only logged (spec §8): the page never blocks on them.
 */
export function useSurveyAutosave(): SurveyAutosave {
  const queryClient = useQueryClient();
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef<SaveSurveyBody>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const send = useCallback(
    (changes: SaveSurveyBody): Promise<void> => {
      const next = queue.current.then(async () => {
        try {
          await saveSurvey(changes);
          if (changes.completed) await queryClient.invalidateQueries({ queryKey: queryKeys.account });
        } catch (err) {
          console.error('Failed to save the survey', err);
        }
      });
      queue.current = next;
      return next;
    },
    [queryClient],
  );

  const takePending = useCallback((): SaveSurveyBody => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const waiting = pending.current;
    pending.current = {};
    return waiting;
  }, []);

  const save = useCallback((changes: SaveSurveyBody) => send({ ...takePending(), ...changes }), [send, takePending]);

  const saveLater = useCallback(
    (changes: SaveSurveyBody) => {
      pending.current = { ...pending.current, ...changes };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(takePending()), TEXT_SAVE_DELAY_MS);
    },
    [send, takePending],
  );

  // Leaving the page (the arrow, or Complete) must not drop text typed in the last moments.
  useEffect(
    () => () => {
      const waiting = takePending();
      if (Object.keys(waiting).length > 0) void send(waiting);
    },
    [send, takePending],
  );

  return { save, saveLater };
}
