import { useEffect, useRef } from 'react';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle } from '@/types/api';

export type Quote = 'USD' | 'SUPRA';

/** Whole units of a base-unit string, for chart bars only (never for amounts shown as text). */
function whole(units: string, decimals: number): number {
  return Number(units) / 10 ** decimals;
}

/**
 * The canvas: candles and a volume histogram (lightweight-charts 5, loaded with this module, which
 * the price chart imports lazily so pages without a chart never download it).
 */
export default function CandleChart({ candles, quote, quoteDecimals }: { candles: Candle[]; quote: Quote; quoteDecimals: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<{ c: ISeriesApi<'Candlestick'>; v: ISeriesApi<'Histogram'> } | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const c = createChart(box.current, {
      autoSize: true,
      // The logo is an injected <style> the CSP (style-src 'self') refuses; the attribution the
      // licence asks for is a link under the chart instead (price-chart.tsx).
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: '#b9b3d6',
        fontFamily: 'inherit',
        attributionLogo: false,
      },
      grid: { vertLines: { color: 'rgba(255,255,255,0.05)' }, horzLines: { color: 'rgba(255,255,255,0.05)' } },
      rightPriceScale: { borderColor: 'rgba(255,255,255,0.12)' },
      timeScale: { borderColor: 'rgba(255,255,255,0.12)', timeVisible: true, secondsVisible: false },
      crosshair: { mode: 0 },
    });
    const cs = c.addSeries(CandlestickSeries, {
      upColor: '#3dff9a',
      downColor: '#ff4d7d',
      wickUpColor: '#3dff9a',
      wickDownColor: '#ff4d7d',
      borderVisible: false,
      priceFormat: { type: 'price', precision: 8, minMove: 0.00000001 },
    });
    const vs = c.addSeries(HistogramSeries, { priceScaleId: 'volume', priceFormat: { type: 'volume' } });
    c.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    cs.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } });
    chart.current = c;
    series.current = { c: cs, v: vs };
    return () => {
      c.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  useEffect(() => {
    const s = series.current;
    if (!s) return;
    const usd = quote === 'USD';
    const rows = usd ? candles.filter((k) => k.closeUsd !== null) : candles;
    s.c.setData(
      rows.map((k) => ({
        time: k.time as UTCTimestamp,
        open: usd ? (k.openUsd ?? 0) : k.open,
        high: usd ? (k.highUsd ?? 0) : k.high,
        low: usd ? (k.lowUsd ?? 0) : k.low,
        close: usd ? (k.closeUsd ?? 0) : k.close,
      })),
    );
    s.v.setData(
      rows.map((k) => {
        const supra = whole(k.volumeQuote, quoteDecimals);
        const value = usd && k.close > 0 ? (supra * (k.closeUsd ?? 0)) / k.close : supra;
        return { time: k.time as UTCTimestamp, value, color: k.close >= k.open ? 'rgba(61,255,154,0.35)' : 'rgba(255,77,125,0.35)' };
      }),
    );
    chart.current?.timeScale().fitContent();
  }, [candles, quote, quoteDecimals]);

  return <div ref={box} className="h-full w-full" />;
}
