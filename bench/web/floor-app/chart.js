// The trade page's floor: what its chart costs before any of Meridian's code. The chart library
// alone draws what the trade page draws first (300 one-minute candles and their volumes, the
// app's first page of history) in a box of the phone page's size, with the price above it as text.
import { CandlestickSeries, createChart, HistogramSeries } from 'lightweight-charts';

const CANDLES = 300;
const start = Math.floor(Date.UTC(2026, 0, 5, 8) / 1000);
const candles = [];
const volumes = [];
let close = 1.02;
for (let index = 0; index < CANDLES; index += 1) {
  // A deterministic walk: the same candles in every run.
  const open = close;
  close = open + Math.sin(index / 7) * 0.0004 + Math.cos(index / 3) * 0.0002;
  const high = Math.max(open, close) + 0.0001;
  const low = Math.min(open, close) - 0.0001;
  const time = start + index * 60;
  candles.push({ time, open, high, low, close });
  volumes.push({ time, value: 3000 + ((index * 37) % 2500) });
}

const chart = createChart(document.getElementById('chart'), { autoSize: true, timeScale: { barSpacing: 6 } });
chart.addSeries(CandlestickSeries).setData(candles);
const volume = chart.addSeries(HistogramSeries, { priceScaleId: 'volume' });
volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
volume.setData(volumes);
