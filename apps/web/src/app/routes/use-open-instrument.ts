import type { Instrument } from '@meridian/contract/market';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useChartPeriodStore } from '../../features/chart/stores/chart-period-store';
import { useCurrentInstrumentStore } from '../../features/market/stores/current-instrument-store';
import { tradePath } from './trade-path';

/**
 * Opens an instrument's trade page (spec section 2: tapping an item sets the current instrument
 * and goes to /trade), from home's list and from the search page alike.
 */
export function useOpenInstrument(): (instrument: Instrument) => void {
  const navigate = useNavigate();
  const setCurrentCode = useCurrentInstrumentStore((state) => state.setCode);
  return useCallback(
    (instrument: Instrument) => {
      setCurrentCode(instrument.Code);
      // The full address at once (with the period last chosen), so history gets one entry.
      navigate(tradePath({ code: instrument.Code, period: useChartPeriodStore.getState().period }));
    },
    [navigate, setCurrentCode],
  );
}
