import type { PeriodLabel } from '@meridian/contract/market';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { DEFAULT_PERIOD, isPeriod } from '../utils/period';

type ChartPeriodState = {
  period: PeriodLabel;
  setPeriod(period: PeriodLabel): void;
};

/** The period last chosen, so the Trade tab reopens the chart as it was left (the URL wins when set). */
export const useChartPeriodStore = create<ChartPeriodState>()(
  persist(
    (set) => ({
      period: DEFAULT_PERIOD,
      setPeriod: (period) => set({ period }),
    }),
    {
      name: STORAGE_KEYS.chartPeriod,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ period: state.period }),
      merge: (persisted, current) => {
        const stored = (persisted as { period?: unknown } | undefined)?.period;
        return { ...current, period: isPeriod(stored) ? stored : DEFAULT_PERIOD };
      },
    },
  ),
);
