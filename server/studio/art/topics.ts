import { MODIFIER, type Topic } from "./topic.ts";
import { lifeTopics } from "./topics-life.ts";
import { techTopics } from "./topics-tech.ts";

/**
 * Creator topics in the six languages, for the words titles use that CLDR does not tie to an object ("budget",
 * "setup", "recipe", "AI", "coding").
 */
export const topics: readonly Topic[] = [...techTopics, ...lifeTopics];

/** What an amount of money in a title ("$500", "10万円", "1000€") shows; it says as much as "budget" does. */
export const amountTopic = { ids: ["money-bag", "coin"], weight: MODIFIER } as const;
