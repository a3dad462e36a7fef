import type { components } from '../openapi/schema';

export type ImportResult = components['schemas']['ImportResult'];
export type CsvLineError = components['schemas']['CsvError']['errors'][number];

/** The file the administrator picked; a browser `File` fits. */
export interface ChosenFile {
  name: string;
}

/** How the injected upload rejects when the server refused the file (422): nothing imported. */
export interface CsvRejection {
  detail: string;
  errors: CsvLineError[];
}

export interface CsvImportContext<F extends ChosenFile = ChosenFile> {
  file: F | null;
  /** The server's per-line reasons for refusing the last upload. */
  rejection: CsvRejection | null;
  /** Counts finished imports, so the screen can clear its file input after each one. */
  imports: number;
}

export type CsvImportEvent<F extends ChosenFile = ChosenFile> =
  { type: 'user.chooseFile'; file: F | null } | { type: 'user.upload' };

export type CsvImportTag = 'upload:enabled' | 'status:uploading' | 'error:noCsv';
