// A seeded catalogue of prediction events and markets across every category, with times relative
// to the simulator's start. Names are fictional; prices are in micro-USD (1000000 = 1 USD).
import type { PredictionListEventsData, PredictionMarket, PredictionMarketStatus } from '@x/types';
import type { KnownValues } from '../known-values.js';
import { MARKET_RESULT_ACCOUNT } from '../chain/addresses.js';
import type { Random } from '../random.js';

export const CATEGORIES = ['crypto', 'sports', 'politics', 'esports', 'culture', 'economics', 'tech'] as const;
export type Category = (typeof CATEGORIES)[number];

const SUBCATEGORIES: Record<Category, readonly string[]> = {
  crypto: ['price', 'launches'],
  sports: ['basketball', 'football', 'motorsport'],
  politics: ['elections', 'referendums'],
  esports: ['league', 'tournament'],
  culture: ['awards', 'music'],
  economics: ['rates', 'inflation'],
  tech: ['launches', 'ai'],
};

const PLACES = [
  'Harbor City',
  'Ridgeview',
  'Lakeside',
  'Summit',
  'Northland',
  'Eastvale',
  'Stonebridge',
  'Westmere',
  'Cedar Falls',
  'Port Aurora',
];
const MASCOTS = ['Hawks', 'Rams', 'Lynx', 'Bears', 'Otters', 'Comets', 'Falcons', 'Wolves', 'Pilots', 'Tides'];
const TEAMS_ESPORTS = ['Nova Five', 'Iron Owls', 'Pixel Kings', 'Zero Lag', 'Blue Shift', 'Night Foxes'];
const SPORTS_MARKET_TYPES = ['moneyline', 'spread', 'totals'] as const;

export type MarketStatus = KnownValues<PredictionMarketStatus>;

export interface CatalogueMarket {
  marketId: string;
  eventId: string;
  provider: Exclude<KnownValues<PredictionMarket['provider']>, undefined>;
  status: MarketStatus;
  result: 'yes' | 'no' | null;
  openTime: number;
  closeTime: number;
  resolveAt: string | null;
  title: string;
  marketResultPubkey: string | null;
  imageUrl: string | null;
  rulesPrimary: string;
  rulesSecondary: string;
  outcomes: string[];
  marketOptions: Array<{ label: string; buyYes: boolean }>;
  clobTokenIds: string[];
  isTeamMarket: boolean;
  team: { name: string; abbreviation: string } | null;
  sportsLine: number | null;
  sportsMarketType: (typeof SPORTS_MARKET_TYPES)[number] | null;
  /** Micro-USD price to buy YES. */
  yesPrice: number;
  volume: number;
}

export interface CatalogueEvent {
  eventId: string;
  /** Data provider listing the event (the `provider` filter of GET /events). */
  listedBy: NonNullable<NonNullable<PredictionListEventsData['query']>['provider']>;
  isActive: boolean;
  category: Category;
  subcategory: string;
  title: string;
  subtitle: string;
  series: string;
  slug: string;
  closeCondition: string;
  tags: string[];
  /** Epoch seconds. */
  createdAt: number;
  beginAt: number;
  closeTime: number;
  volume: number;
  volume24hr: number;
  markets: CatalogueMarket[];
  /** Sports and esports events carry a game. */
  game?: { gameId: string; league: string; home: string; away: string; seed: number };
}

const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const abbreviation = (name: string): string =>
  name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .toUpperCase();

function binaryMarket(
  rnd: Random,
  event: Omit<CatalogueEvent, 'markets'>,
  suffix: string,
  title: string,
  rules: string,
  extra: Partial<CatalogueMarket> = {},
): CatalogueMarket {
  const yesPrice = rnd.int(3, 97) * 10_000;
  return {
    marketId: `${event.eventId}-${suffix}`,
    eventId: event.eventId,
    provider: rnd.pick(['provider_a', 'provider_a', 'provider_c', 'provider_d'] as const),
    status: 'open',
    result: null,
    openTime: event.createdAt,
    closeTime: event.closeTime,
    resolveAt: null,
    title,
    marketResultPubkey: rnd.next() < 0.3 ? MARKET_RESULT_ACCOUNT : null,
    imageUrl: rnd.next() < 0.5 ? `https://example.com/images/markets/${event.eventId}-${suffix}.png` : null,
    rulesPrimary: rules,
    rulesSecondary: 'If the outcome cannot be determined by the close time, the market is cancelled and positions are returned.',
    outcomes: ['Yes', 'No'],
    marketOptions: [
      { label: 'Yes', buyYes: true },
      { label: 'No', buyYes: false },
    ],
    clobTokenIds: [],
    isTeamMarket: false,
    team: null,
    sportsLine: null,
    sportsMarketType: null,
    yesPrice,
    volume: rnd.int(1_000, 500_000) * 1_000_000,
    ...extra,
  };
}

function gameMarkets(rnd: Random, event: Omit<CatalogueEvent, 'markets'>, home: string, away: string): CatalogueMarket[] {
  const team = { name: home, abbreviation: abbreviation(home) };
  const team2 = [home, away];
  const options = [
    { label: home, buyYes: true },
    { label: away, buyYes: false },
  ];
  const common = {
    outcomes: team2,
    marketOptions: options,
    isTeamMarket: true,
    team,
    clobTokenIds: [String(rnd.int(1e9, 9e9)) + String(rnd.int(1e9, 9e9)), String(rnd.int(1e9, 9e9)) + String(rnd.int(1e9, 9e9))],
  };
  const line = rnd.int(1, 9) + 0.5;
  const total = rnd.int(180, 240) + 0.5;
  return SPORTS_MARKET_TYPES.map((type) => {
    if (type === 'moneyline') {
      return binaryMarket(
        rnd,
        event,
        'moneyline',
        `${home} vs ${away}: winner`,
        `Resolves YES if ${home} win the game; NO if ${away} win.`,
        {
          ...common,
          sportsMarketType: type,
        },
      );
    }
    if (type === 'spread') {
      return binaryMarket(
        rnd,
        event,
        `spread-${String(line).replace('.', '-')}`,
        `${home} -${line} vs ${away}`,
        `Resolves YES if ${home} win by more than ${line}; otherwise NO.`,
        {
          ...common,
          sportsMarketType: type,
          sportsLine: -line,
        },
      );
    }
    return binaryMarket(
      rnd,
      event,
      `total-${String(total).replace('.', '-')}`,
      `${home} vs ${away}: over ${total}`,
      `Resolves YES if the combined score is over ${total}; otherwise NO.`,
      {
        ...common,
        sportsMarketType: type,
        sportsLine: total,
      },
    );
  });
}

function makeEvent(rnd: Random, category: Category, index: number, startSec: number): CatalogueEvent {
  const subcategory = SUBCATEGORIES[category][index % SUBCATEGORIES[category].length]!;
  const day = 86_400;
  const isGame = category === 'sports' || category === 'esports';
  // Games: every fourth is live at the start, every fourth (offset 1) has ended, the rest are
  // upcoming. Other events: a third have begun; the rest begin within 40 days.
  const beginAt = isGame
    ? startSec + (index % 4 === 0 ? -rnd.int(10, 90) * 60 : index % 4 === 1 ? -rnd.int(1, 10) * day : rnd.int(1, 40 * 24) * 3600)
    : startSec + (index % 3 === 0 ? -rnd.int(1, 10 * 24) * 3600 : rnd.int(1, 40 * 24) * 3600);
  const createdAt = Math.min(beginAt, startSec) - (index % 4 === 0 ? rnd.int(1, 20) * 3600 : rnd.int(2, 30) * day);
  let title: string;
  let subtitle: string;
  let game: CatalogueEvent['game'];
  let closeTime = beginAt + rnd.int(20, 60) * day;
  if (isGame) {
    const pool = category === 'sports' ? PLACES.map((p, i) => `${p} ${MASCOTS[i]}`) : TEAMS_ESPORTS;
    const home = rnd.pick(pool);
    let away = rnd.pick(pool);
    while (away === home) away = rnd.pick(pool);
    title = subcategory === 'motorsport' ? `Grand Prix of ${rnd.pick(PLACES)}: ${home} vs ${away}` : `${home} vs ${away}`;
    subtitle = category === 'sports' ? `LGA ${subcategory} regular season` : `Circuit ${subcategory} play`;
    closeTime = beginAt + rnd.int(2, 4) * 3600;
    game = {
      gameId: `game-${rnd.int(100_000, 999_999)}`,
      league: category === 'sports' ? 'LGA' : 'ECL',
      home,
      away,
      seed: rnd.int(0, 1e6),
    };
  } else {
    const place = rnd.pick(PLACES);
    const templates: Record<Exclude<Category, 'sports' | 'esports'>, [string, string]> = {
      crypto: [`PLATFORM_TOKEN price at month end #${index + 1}`, 'Where will PLATFORM_TOKEN close?'],
      politics: [
        `${place} ${subcategory === 'elections' ? 'mayoral election' : 'referendum'} ${2026 + (index % 2)}`,
        `Who wins in ${place}?`,
      ],
      culture: [`${place} ${subcategory === 'awards' ? 'film awards' : 'song contest'} ${2026 + (index % 2)}`, 'Who takes the top prize?'],
      economics: [
        `${place} ${subcategory === 'rates' ? 'central bank rate decision' : 'inflation print'} #${index + 1}`,
        'What will the number be?',
      ],
      tech: [`${place} ${subcategory === 'ai' ? 'model benchmark' : 'device launch'} #${index + 1}`, 'Will it ship on time?'],
    };
    [title, subtitle] = templates[category];
  }
  const eventId = `${category}-${slugify(title)}-${index + 1}`;
  const base: Omit<CatalogueEvent, 'markets'> = {
    eventId,
    listedBy: rnd.next() < 0.8 ? 'provider_a' : 'provider_b',
    isActive: index !== 7, // one event per category is delisted (reachable by id only)
    category,
    subcategory,
    title,
    subtitle,
    series: `${category}-${subcategory}-series`,
    slug: slugify(title),
    closeCondition: game ? 'Closes when the game ends.' : `Closes at ${new Date(closeTime * 1000).toISOString()}.`,
    tags: [category, subcategory, ...(index % 2 === 0 ? ['featured'] : [])],
    createdAt,
    beginAt,
    closeTime,
    volume: 0,
    volume24hr: 0,
    ...(game ? { game } : {}),
  };
  let markets: CatalogueMarket[];
  if (game) markets = gameMarkets(rnd, base, game.home, game.away);
  else {
    const count = rnd.int(1, 3);
    markets = Array.from({ length: count }, (_, i) =>
      binaryMarket(
        rnd,
        base,
        `option-${i + 1}`,
        `${title}: outcome ${i + 1}`,
        `Resolves YES if outcome ${i + 1} happens by the close time, otherwise NO.`,
      ),
    );
  }
  // The delisted event's markets are resolved: one closed with a result, one cancelled.
  if (!base.isActive) {
    markets.forEach((m, i) => {
      m.status = i % 2 === 0 ? 'closed' : 'cancelled';
      m.result = m.status === 'closed' ? (rnd.next() < 0.5 ? 'yes' : 'no') : null;
      m.resolveAt = new Date((startSec - day) * 1000).toISOString();
    });
  }
  const volume = markets.reduce((n, m) => n + m.volume, 0);
  const volume24hr = Math.floor(volume * (index % 3 === 1 ? 0.2 : rnd.next() * 0.04));
  return { ...base, volume, volume24hr, markets };
}

/** 8 events in each of the 7 categories (56), deterministic for a seed and start time. */
export function generateCatalogue(rnd: Random, startMs: number, perCategory = 8): CatalogueEvent[] {
  const startSec = Math.floor(startMs / 1000);
  const events: CatalogueEvent[] = [];
  for (const category of CATEGORIES) for (let i = 0; i < perCategory; i++) events.push(makeEvent(rnd, category, i, startSec));
  return events;
}
