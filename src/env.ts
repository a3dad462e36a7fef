/** The only module that reads import.meta.env. */

/** True under `vite` (npm run dev): enables @statelyai/inspect; false (and dropped) in builds. */
export const isDev: boolean = import.meta.env.DEV;

export const mode: string = import.meta.env.MODE;
