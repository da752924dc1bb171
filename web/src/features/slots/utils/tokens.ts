import type { SlotToken, Token } from '@/types/api';

/** Tokens that can be played, ordered by their slots order (the native coin first). */
export function slotTokens(tokens: readonly Token[]): SlotToken[] {
  return tokens
    .filter((t): t is SlotToken => !!t.slots)
    .slice()
    .sort((a, b) => a.slots.order - b.slots.order);
}

/** The token named by the route (case-insensitive); unknown or missing → the first token. */
export function tokenFromParam(tokens: readonly SlotToken[], param: string | undefined): SlotToken | undefined {
  if (param) {
    const p = param.toLowerCase();
    const hit = tokens.find((t) => t.name.toLowerCase() === p);
    if (hit) return hit;
  }
  return tokens[0];
}

/** Route segment for a token (its name, URL-encoded, lower-case). */
export function tokenSlug(token: Pick<Token, 'name'>): string {
  return encodeURIComponent(token.name.toLowerCase());
}
