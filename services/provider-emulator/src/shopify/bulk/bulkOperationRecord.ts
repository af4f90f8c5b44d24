export type BulkStatus = 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELED' | 'EXPIRED';

/** One bulk query as the shop keeps it; its JSONL lives here until the URL expires. */
export interface BulkOperationRecord {
  id: number;
  /** The app that ran it: limits and `currentBulkOperation` are per app and shop. */
  app: string;
  query: string;
  status: BulkStatus;
  errorCode: 'INTERNAL_SERVER_ERROR' | 'TIMEOUT' | null;
  createdAt: number;
  completedAt: number | null;
  objectCount: number;
  rootObjectCount: number;
  /** The file's secret name in its URL (the emulator's stand-in for a signed storage URL). */
  fileKey: string;
  jsonl: string | null;
  /** What a failed operation got before it failed. */
  partialJsonl: string | null;
  /** The listener the run request came in on: the file's URL is served there. */
  baseUrl: string;
}
