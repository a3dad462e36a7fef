import { useEffect, useRef } from 'react';

/**
 * Where to show a question's photo: the question's `photo_url`, which names the photo's bytes
 * (a replaced photo gets a new one, so it shows at once, while the old URL stays cached for
 * good and works offline); else its bare URL, which the browser checks each time.
 */
export const photoUrl = (photo: string, url?: string | undefined) =>
  url ?? `/api/v1/images/questions/${encodeURIComponent(photo)}`;

/**
 * Fetches the photos of a run's questions as soon as the run has them, at low priority, so each
 * is in the browser's cache before its question shows: a question reached while the connection
 * is down still has its picture, as its text and answers do.
 */
export function usePhotosAhead(
  questions: readonly { photo: string | null; photo_url?: string | undefined }[],
): void {
  // Held while the run is on screen, so no fetch is dropped with its image before it ends.
  const fetching = useRef<HTMLImageElement[]>([]);
  useEffect(() => {
    // The very URLs QuestionPhoto shows, so each is in the browser's cache under its own name.
    const urls = new Set(
      questions.flatMap((question) =>
        question.photo ? [photoUrl(question.photo, question.photo_url)] : [],
      ),
    );
    fetching.current = [...urls].map((url) => {
      const image = new Image();
      image.fetchPriority = 'low';
      image.src = url;
      return image;
    });
  }, [questions]);
}
