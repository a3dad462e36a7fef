import type { components } from '../openapi/schema';

export type BankImportResult = components['schemas']['BankImportResult'];
export type BankLineError = components['schemas']['CsvError']['errors'][number];

/** A file the administrator picked or dropped; a browser `File` fits. */
export interface ChosenFile {
  name: string;
  size: number;
}

/** What the upload is: one questions CSV, a package, or a CSV with photos (and a topics CSV). */
export interface FileSet<F extends ChosenFile = ChosenFile> {
  files: F[];
  /** The CSV files among them (the questions CSV, and maybe a topics CSV). */
  csvCount: number;
  zipCount: number;
  photoCount: number;
  /** Files of any other kind, which the import would not read. */
  otherCount: number;
}

/** How the injected upload rejects when the server refused the files (422): nothing imported. */
export interface BankRejection {
  detail: string;
  errors: BankLineError[];
}

/** How the injected upload rejects when photos of the same names hold other bytes (409). */
export interface PhotoConflict {
  photos: string[];
  /** The courses whose questions use those photos now. */
  courses?: string[];
}

export interface BankImportInput<F extends ChosenFile = ChosenFile> {
  files: F[];
  replacePhotos: boolean;
  /** Leave out rows whose question the course already holds (or that repeat an earlier row). */
  skipDuplicates: boolean;
  /** A new edition: rows with a stored question's text update it (which leaves copies out too). */
  updateEdited: boolean;
}

export interface BankImportContext<F extends ChosenFile = ChosenFile> {
  chosen: FileSet<F> | null;
  /** Bytes sent of the total, while the upload is on its way. */
  progress: { loaded: number; total: number };
  rejection: BankRejection | null;
  /** The photo names the server holds with other bytes, while replacing them is asked. */
  conflict: string[];
  /** The courses whose questions use them, said beside the question. */
  conflictCourses: string[];
  /** The last import's answer, to say what it brought. */
  result: BankImportResult | null;
  /** Counts finished imports, so the screen can clear its file input after each one. */
  imports: number;
  /** Whether the next upload leaves out questions the bank already has (on until unticked). */
  skipDuplicates: boolean;
  /** Whether it updates the questions whose text the bank has, as a new edition (off until ticked). */
  updateEdited: boolean;
}

export type BankImportEvent<F extends ChosenFile = ChosenFile> =
  | { type: 'user.chooseFiles'; files: F[] }
  | { type: 'user.upload' }
  | { type: 'user.skipDuplicates'; skip: boolean }
  | { type: 'user.updateEdited'; update: boolean }
  | { type: 'user.replacePhotos' }
  | { type: 'user.keepPhotos' }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.sent' };

export type BankImportTag =
  | 'upload:enabled'
  | 'status:uploading'
  | 'status:sending'
  | 'status:checking'
  | 'error:noCsv'
  | 'ask:replacePhotos';
