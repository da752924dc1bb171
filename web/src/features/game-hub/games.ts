export interface Game {
  id: string;
  title: string;
  image: string;
  tags: string[];
  category: string;
  /** 0-100 */
  popularity: number;
  topPrize: string;
  description: string;
  route: string;
  /** Listed in the hub. */
  listed: boolean;
}

export const games: Game[] = [
  {
    id: 'fruit-spin-frenzy',
    title: 'FRUIT SPIN FRENZY',
    image: '/images/games/fruit-spin-frenzy.svg',
    tags: ['New', 'Fast Paced'],
    category: 'slots',
    popularity: 96,
    // The product document's hub card says 100x, but the contract's best tier pays less; the card
    // states what the contract pays, read from the one paytable when the app is built
    // (vite.config.ts), so the table itself is not part of this page's first load.
    topPrize: import.meta.env.SLOT_TOP_PRIZE,
    description:
      'A neon three-reel fruit slot settled on chain. Line up cherries, lemons, watermelons, strawberries, bananas or ' +
      'sevens, queue up to 1000 spins in one transaction, and bet with SUPRA, LUCKY or community tokens.',
    route: '/slots',
    listed: true,
  },
  {
    id: 'rock-paper-scissors',
    title: 'Rock, Paper, Scissors',
    image: '/images/games/rock-paper-scissors.svg',
    tags: ['Classic'],
    category: 'pvp',
    popularity: 70,
    topPrize: '2x',
    description: 'The classic hand game, played against the chain.',
    route: '/coming-soon',
    listed: false,
  },
];

export const listedGames = games.filter((g) => g.listed);
