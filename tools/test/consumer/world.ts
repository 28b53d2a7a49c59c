// The example world's tokens, read from the spec package (`x-example-values` of the document).
import { loadSpec } from '@x/openapi/reader';

interface ExampleToken {
  symbol: string;
  mint: string;
  decimals: number;
}

const tokens = (loadSpec()['x-example-values'] as { tokens: ExampleToken[] }).tokens;

export function mintOf(symbol: string): string {
  const token = tokens.find((t) => t.symbol === symbol);
  if (!token) throw new Error(`no ${symbol} in the spec's x-example-values`);
  return token.mint;
}
