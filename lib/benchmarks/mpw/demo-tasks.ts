/**
 * Synthetic MPW-Bench tasks in the authors' task format (`data/mpw_bench.jsonl`):
 * a future-situated question, its atomic facts (key → value) and the answer they imply.
 */
import { seededRandom, seedFrom } from "../../random";

interface CategoryTemplate {
  name: string;
  entities: string[];
  attributes: string[];
  period: (year: number) => string;
  ask: (a: string, b: string, attribute: string, period: string) => string;
}

const compare = (noun: string) => (a: string, b: string, attribute: string, period: string) =>
  `In ${period}, which ${noun} had the higher ${attribute} once every condition is applied: ${a} or ${b}? Give the ${noun} and the difference.`;

export const MPW_CATEGORIES: CategoryTemplate[] = [
  {
    name: "NBA Player",
    entities: [
      "De'Aaron Fox",
      "Jalen Brunson",
      "Victor Wembanyama",
      "Tyrese Haliburton",
      "Anthony Edwards",
      "Paolo Banchero",
    ],
    attributes: [
      "restricted-area FG%",
      "charges drawn",
      "clutch points",
      "assists per 36",
      "on/off net rating",
    ],
    period: (y) => `the ${y}-${(y + 1) % 100} NBA season`,
    ask: compare("player"),
  },
  {
    name: "NBA Team",
    entities: [
      "New York Knicks",
      "Sacramento Kings",
      "Denver Nuggets",
      "Oklahoma City Thunder",
      "Orlando Magic",
    ],
    attributes: [
      "back-to-back wins",
      "home defensive rating",
      "bench points",
      "fourth-quarter net rating",
    ],
    period: (y) => `the ${y}-${(y + 1) % 100} NBA season`,
    ask: compare("team"),
  },
  {
    name: "Football Player",
    entities: [
      "Bruno Guimarães",
      "Rúben Dias",
      "Florian Wirtz",
      "Jude Bellingham",
      "Lamine Yamal",
      "Loïs Openda",
    ],
    attributes: [
      "key passes",
      "fouls against",
      "interceptions",
      "non-penalty goals",
      "progressive carries",
    ],
    period: (y) => `the ${y}-${(y + 1) % 100} Premier League season`,
    ask: compare("player"),
  },
  {
    name: "Football Team",
    entities: ["Manchester United", "Borussia Dortmund", "Napoli", "Juventus", "Real Sociedad"],
    attributes: [
      "away goals",
      "minutes from under-21 signings",
      "clean sheets",
      "points after trailing",
    ],
    period: (y) => `the ${y}/${(y + 1) % 100} season`,
    ask: compare("club"),
  },
  {
    name: "Tennis",
    entities: ["Carlos Alcaraz", "Jannik Sinner", "Holger Rune", "Coco Gauff", "Iga Świątek"],
    attributes: [
      "tie-breaks won",
      "aces in finals",
      "break points saved",
      "first-serve points won",
    ],
    period: (y) => `the ${y} ATP and WTA season`,
    ask: compare("player"),
  },
  {
    name: "Formula 1",
    entities: [
      "Oscar Piastri",
      "Lando Norris",
      "Charles Leclerc",
      "Kimi Antonelli",
      "Max Verstappen",
    ],
    attributes: [
      "overtakes on lap one",
      "pit-stop time lost",
      "points from sprint races",
      "laps led",
    ],
    period: (y) => `the ${y} Formula 1 season`,
    ask: compare("driver"),
  },
  {
    name: "Olympics",
    entities: ["Team Kenya", "Team Japan", "Team Brazil", "Team Norway", "Team Australia"],
    attributes: [
      "gold medals in athletics",
      "finals reached in swimming",
      "medals won by debutants",
    ],
    period: (y) => `the ${y} Olympic Games`,
    ask: compare("delegation"),
  },
  {
    name: "Film & Awards",
    entities: ["The Last Meridian", "Glass Harbour", "Northern Lights Protocol", "Saltwater Kings"],
    attributes: ["opening-weekend gross", "nominations", "festival prizes"],
    period: (y) => `the ${y} awards season`,
    ask: compare("film"),
  },
  {
    name: "Music Concerts",
    entities: ["Eason Chan", "Faye Wong", "Jay Chou", "Taylor Swift", "Coldplay"],
    attributes: ["Shenzhen show start time", "tickets sold in the first hour", "encore songs"],
    period: (y) => `the ${y} touring year`,
    ask: compare("artist"),
  },
  {
    name: "Box Office",
    entities: ["Ne Zha 3", "Wandering Earth 3", "Avatar 5", "Spider-Verse 3"],
    attributes: ["second-week drop", "IMAX share", "presales"],
    period: (y) => `the ${y} Spring Festival window`,
    ask: compare("film"),
  },
  {
    name: "Stock Market",
    entities: ["NVIDIA", "TSMC", "BYD", "Tencent", "ASML"],
    attributes: ["quarterly close", "largest one-day gain", "trading volume on earnings day"],
    period: (y) => `Q3 ${y}`,
    ask: compare("company"),
  },
  {
    name: "Company Earnings",
    entities: ["Li Auto", "Xiaomi", "Meituan", "Shopify", "Spotify"],
    attributes: ["reported revenue", "gross margin", "R&D expense"],
    period: (y) => `fiscal ${y}`,
    ask: compare("company"),
  },
  {
    name: "Elections",
    entities: ["District 7", "Northshire", "Port Callum", "Riverton"],
    attributes: ["turnout", "winning margin", "postal-vote share"],
    period: (y) => `the ${y} local elections`,
    ask: compare("constituency"),
  },
  {
    name: "Science Breakthroughs",
    entities: ["MIT Materials Lab", "ETH Quantum Group", "Tsinghua Photonics", "Max Planck Plasma"],
    attributes: [
      "sample stability in hours",
      "citations in the first month",
      "critical temperature",
    ],
    period: (y) => `${y}`,
    ask: compare("team"),
  },
  {
    name: "Technology Launches",
    entities: ["Pixel 12", "iPhone 19", "Galaxy S28", "Mate 80"],
    attributes: ["launch-day preorders", "battery endurance", "shipping delay in days"],
    period: (y) => `the ${y} launch season`,
    ask: compare("device"),
  },
  {
    name: "Weather & Climate",
    entities: ["Guangzhou", "Osaka", "Mumbai", "Houston"],
    attributes: ["typhoon rainfall", "hottest-day temperature", "days above 35°C"],
    period: (y) => `summer ${y}`,
    ask: compare("city"),
  },
  {
    name: "Real Estate",
    entities: ["Shenzhen Nanshan", "Shanghai Pudong", "London Docklands", "Austin Downtown"],
    attributes: ["median price per m²", "new listings", "months of inventory"],
    period: (y) => `H1 ${y}`,
    ask: compare("district"),
  },
  {
    name: "Esports",
    entities: ["T1", "Gen.G", "Bilibili Gaming", "G2 Esports"],
    attributes: ["first-blood rate", "dragons secured", "map wins on red side"],
    period: (y) => `the ${y} World Championship`,
    ask: compare("team"),
  },
  {
    name: "Travel & Aviation",
    entities: ["Cathay Pacific", "Singapore Airlines", "Qatar Airways", "Emirates"],
    attributes: ["on-time departures", "new routes launched", "lounge visits"],
    period: (y) => `${y}`,
    ask: compare("airline"),
  },
];

/**
 * The synthetic tasks' indexes start here. The real MPW-Bench numbers its 1,608 tasks 0–1607, so
 * an index inside that range would show invented content under a real task's id; 100000 onwards
 * is plainly outside it and still a whole number, as the authors' task format has it.
 */
export const MPW_SYNTHETIC_INDEX_BASE = 100_000;

export interface MpwDemoTask {
  index: number;
  category: string;
  prompt: { role: "user"; content: string }[];
  answer: string;
  extra_info: {
    world_truth_info: {
      generated_question: string;
      atomic_facts: Record<string, string>;
      final_answer: string;
    };
  };
}

/** Fact counts drawn so the tiers come out roughly 40% easy, 35% medium, 25% hard. */
function drawFactCount(random: () => number): number {
  const u = random();
  if (u < 0.4) return 1 + Math.floor(random() * 5);
  if (u < 0.75) return 6 + Math.floor(random() * 5);
  return 11 + Math.floor(random() * 8);
}

/**
 * The synthetic task at `position` in the demo's task set (after the real ones), indexed
 * `MPW_SYNTHETIC_INDEX_BASE + position`; its content is seeded by the position alone.
 */
export function generateMpwTask(position: number): MpwDemoTask {
  const random = seededRandom(seedFrom(`mpw-task-${position}`));
  const category = MPW_CATEGORIES[position % MPW_CATEGORIES.length];
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const a = pick(category.entities);
  let b = pick(category.entities);
  while (b === a) b = pick(category.entities);
  const attribute = pick(category.attributes);
  const year = 2026 + Math.floor(random() * 3);
  const period = category.period(year);
  const factCount = drawFactCount(random);
  const atomicFacts: Record<string, string> = {};
  const valueA = 20 + Math.floor(random() * 80);
  const valueB = 20 + Math.floor(random() * 80);
  atomicFacts[`${a} — ${attribute} (${period})`] = String(valueA);
  if (factCount > 1) atomicFacts[`${b} — ${attribute} (${period})`] = String(valueB);
  let extra = 0;
  while (Object.keys(atomicFacts).length < factCount) {
    const entity = extra % 2 === 0 ? a : b;
    const other = category.attributes[(extra + 1) % category.attributes.length];
    const key =
      extra < category.attributes.length * 2
        ? `${entity} — ${other} (${period})`
        : `Condition ${extra + 1}: qualifying event ${extra - 1} (${period})`;
    if (!(key in atomicFacts)) atomicFacts[key] = String(1 + Math.floor(random() * 60));
    extra += 1;
  }
  const winner = valueA >= valueB ? a : b;
  const question = category.ask(a, b, attribute, period);
  const answer = `${winner} (${Math.abs(valueA - valueB)} more)`;
  return {
    index: MPW_SYNTHETIC_INDEX_BASE + position,
    category: category.name,
    prompt: [{ role: "user", content: question }],
    answer,
    extra_info: {
      world_truth_info: {
        generated_question: question,
        atomic_facts: atomicFacts,
        final_answer: `${winner} had the higher ${attribute} in ${period}: ${valueA} vs ${valueB}.`,
      },
    },
  };
}
