import { links } from '@/lib/links';

export interface BotCommand {
  command: string;
  description: string;
}

export interface Bot {
  id: 'suprabot' | 'pumpbuybot' | 'nftmintbot' | 'burnbot';
  /**
   * live: the app runs this bot (internal/bots), and GET /api/v1/config names its Telegram username
   * when it runs for this deployment; showcase: its contract is not on chain yet.
   */
  kind: 'live' | 'showcase';
  name: string;
  logo: string;
  briefDescription: string;
  fullDescription: string;
  functions: string[];
  instructions: BotCommand[];
  website?: string;
  x?: string;
}

export const bots: Bot[] = [
  {
    id: 'suprabot',
    kind: 'live',
    name: 'Supra Bot',
    logo: '/images/bots/suprabot.svg',
    briefDescription: 'Game plays and token buys, posted live to your group, each exactly once.',
    fullDescription:
      'Supra Bot is the all-rounder. It follows on-chain game plays and buys of tokens such as ROBBIE, DAWGZ, dexUSDC, ' +
      'SPIKE and LUCKY (paid in SUPRA), and posts each event to your Telegram group with the amounts, the value and a ' +
      'link to the transaction. It reads the app’s event index, so no event is missed or posted twice, however busy ' +
      'the chain. Each group picks its own token, image, emoji and minimum buy size.',
    functions: [
      'Live game-play alerts from the on-chain slots',
      'Buy alerts for the token your group follows',
      'Custom image and emoji per alert type',
      'Optional deletion of the previous alert to keep the chat clean',
      'A minimum USD buy threshold (0 disables it)',
      'Current token price on demand',
    ],
    instructions: [
      { command: '/start', description: 'Start the bot and show the welcome message' },
      { command: '/help', description: 'List every command' },
      { command: '/subscribe', description: 'Post game plays in this chat' },
      { command: '/unsubscribe', description: 'Stop posting game plays' },
      { command: '/settoken', description: 'Choose the token whose game plays are posted' },
      { command: '/changeimage', description: 'Set the image shown with game-play alerts' },
      { command: '/deleteprevious on|off', description: 'Delete the previous game-play alert when a new one arrives' },
      { command: '/subscribe_buy', description: 'Post buy alerts in this chat' },
      { command: '/unsubscribe_buy', description: 'Stop posting buy alerts' },
      { command: '/settoken_buy', description: 'Choose the token whose buys are posted' },
      { command: '/changeimage_buy', description: 'Set the image shown with buy alerts' },
      { command: '/deleteprevious_buy on|off', description: 'Delete the previous buy alert when a new one arrives' },
      { command: '/setemoji_buy', description: 'Set the emoji repeated in buy alerts' },
      { command: '/setemojibase_buy', description: 'Set how much value one emoji stands for' },
      { command: '/setminbuyusd', description: 'Only post buys above this USD value (0 disables the limit)' },
      { command: '/price', description: 'Show the current token price' },
    ],
    x: links.x,
  },
  {
    id: 'pumpbuybot',
    kind: 'showcase',
    name: 'Pump Buy Bot',
    logo: '/images/bots/pumpbuybot.svg',
    briefDescription: 'Catch every buy of Pump tokens before they graduate.',
    fullDescription:
      'Pump Buy Bot watches the launchpad for buys of Pump tokens that have not graduated yet and posts them to your ' +
      'group the moment they land on chain, so your community can follow a launch from its first buyers.',
    functions: [
      'Buy alerts for non-graduated Pump tokens',
      'Amount, buyer and transaction link in every alert',
      'Polls the chain every 5 seconds, covering the last 10 blocks',
    ],
    instructions: [
      { command: 'Add the bot to your group', description: 'Invite it from Telegram like any member' },
      { command: 'Make it an admin', description: 'It needs permission to post messages' },
      { command: 'Pick your token', description: 'Follow the bot’s prompts to choose the Pump token to track' },
    ],
  },
  {
    id: 'nftmintbot',
    kind: 'showcase',
    name: 'NFT Mint Bot',
    logo: '/images/bots/nftmintbot.svg',
    briefDescription: 'Blindbox mint alerts for collections like Lucky Legends.',
    fullDescription:
      'NFT Mint Bot announces blindbox mint events the moment they happen, for a collection such as Lucky Legends or ' +
      'for every collection at once, with the minted item’s image when one is set.',
    functions: [
      'Real-time blindbox mint alerts',
      'Follow one collection or all of them',
      'Custom image per collection',
    ],
    instructions: [
      { command: '/luckynft_start', description: 'Start the bot' },
      { command: '/luckynft_help', description: 'List every command' },
      { command: '/luckynft_subscribe <collection>', description: 'Post mint events of one collection in this chat' },
      { command: '/luckynft_all', description: 'Post mint events of every collection' },
      { command: '/luckynft_unsubscribe', description: 'Stop posting mint events' },
      { command: '/luckynft_setcollection', description: 'Change the collection this chat follows' },
      { command: '/luckynft_setimage', description: 'Set the image shown with mint alerts' },
    ],
  },
  {
    id: 'burnbot',
    kind: 'live',
    name: 'Burn Bot',
    logo: '/images/bots/burnbot.svg',
    briefDescription: 'Every LUCKY sent to the burn address, celebrated in your chat.',
    fullDescription:
      'Burn Bot tracks LUCKY deposits to the burn address and posts each burn with its size and value, plus the total ' +
      'burned so far and its share of the supply, so the community sees the supply shrink in real time.',
    functions: [
      'Alerts for every LUCKY deposit to the burn address',
      'Custom emoji and emoji value per burn alert',
      'A minimum USD burn threshold (0 disables it)',
      'Total burned and current price on demand',
    ],
    instructions: [
      { command: '/luckyburn_start', description: 'Start the bot' },
      { command: '/luckyburn_help', description: 'List every command' },
      { command: '/luckyburn_subscribe', description: 'Post burn alerts in this chat' },
      { command: '/luckyburn_unsubscribe', description: 'Stop posting burn alerts' },
      { command: '/luckyburn_deleteprevious on|off', description: 'Delete the previous burn alert when a new one arrives' },
      { command: '/luckyburn_setemoji', description: 'Set the emoji repeated in burn alerts' },
      { command: '/luckyburn_setemojibase', description: 'Set how much value one emoji stands for' },
      { command: '/luckyburn_setminburnusd', description: 'Only post burns above this USD value' },
      { command: '/luckyburn_price', description: 'Show the current LUCKY price' },
      { command: '/luckyburn_burned', description: 'Show the total LUCKY burned' },
    ],
    x: links.x,
  },
];
