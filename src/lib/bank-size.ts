import { useEffect, useState } from 'react';
import { drawSize } from '../../domain/draw';
import { unwrap, type ApiClient } from '../api';

/**
 * How many questions the bank holds: the bank's first page, one question long, counts them. An
 * exam draws no more than there are, however many its setting asks for.
 */
export async function loadBankSize(api: ApiClient, signal?: AbortSignal): Promise<number> {
  const page = await unwrap(
    api.GET('/questions', {
      params: { query: { mode: 'all-questions', limit: 1 } },
      ...(signal ? { signal } : {}),
    }),
  );
  return Array.isArray(page) ? page.length : page.totalQuestions;
}

/**
 * How many questions a run asking for `count` gets (domain/draw.ts: the whole bank when it holds
 * fewer): none from an empty bank, which then has nothing to start. A bank not counted (null)
 * leaves `count`: starting then says what is wrong.
 */
export function drawnFromBank(count: number, bankSize: number | null): number {
  return bankSize === null ? count : drawSize(count, bankSize);
}

/** The bank's size, counted while `wanted`; null when not wanted, on its way or not answered. */
export function useBankSize(api: ApiClient, wanted: boolean): number | null {
  const [size, setSize] = useState<number | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    loadBankSize(api, controller.signal).then(
      (counted) => !controller.signal.aborted && setSize(counted),
      () => !controller.signal.aborted && setSize(null),
    );
    return () => controller.abort();
  }, [api, wanted]);
  return wanted ? size : null;
}
