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
import { hasUsd, priceDigits, type Quote } from '@/components/price-chart/candle-chart-format';
import type { Candle } from '@/types/api';

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
    const rows = usd ? candles.filter(hasUsd) : candles;
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
    // Each quote has its own axis: USD labels carry "$" and enough digits for a dollar price of
    // a few millionths; SUPRA keeps 8 decimals.
    const top = rows.reduce((m, k) => Math.max(m, usd ? (k.highUsd ?? 0) : k.high), 0);
    const digits = priceDigits(top);
    s.c.applyOptions({
      priceFormat: usd
        ? { type: 'custom', minMove: 10 ** -digits, formatter: (p: number) => `$${p.toFixed(digits)}` }
        : { type: 'price', precision: 8, minMove: 0.00000001 },
    });
    chart.current?.timeScale().fitContent();
    // What the canvas now shows, read back from the chart, for tests and assistive tech.
    if (box.current) {
      box.current.dataset.axis = s.c.options().priceFormat.type === 'custom' ? 'USD' : 'SUPRA';
      box.current.dataset.rendered = String(s.c.data().length);
    }
  }, [candles, quote, quoteDecimals]);

  return <div ref={box} className="h-full w-full" data-testid="candle-canvas" />;
}
