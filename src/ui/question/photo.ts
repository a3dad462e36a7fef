import { useEffect, useRef } from 'react';

/** Where the API serves a question's photo (for a year, immutable: a name is never reused). */
export const photoUrl = (photo: string) => `/api/v1/images/questions/${encodeURIComponent(photo)}`;

/**
 * Fetches the photos of a run's questions as soon as the run has them, at low priority, so each
 * is in the browser's cache before its question shows: a question reached while the connection
 * is down still has its picture, as its text and answers do.
 */
export function usePhotosAhead(questions: readonly { photo: string | null }[]): void {
  // Held while the run is on screen, so no fetch is dropped with its image before it ends.
  const fetching = useRef<HTMLImageElement[]>([]);
  useEffect(() => {
    const photos = new Set(questions.flatMap((question) => question.photo ?? []));
    fetching.current = [...photos].map((photo) => {
      const image = new Image();
      image.fetchPriority = 'low';
      image.src = photoUrl(photo);
      return image;
    });
  }, [questions]);
}
