import type { ImageAspect, ImageStyle } from "../../contract/images.ts";

/** Every word the bot says, in one language. Each language file must fill all of it (the type checks that). */
export interface Messages {
  commands: {
    help: string;
    credits: string;
    link: string;
    linkEmail: string;
    verify: string;
    verifyCode: string;
    thumbnail: string;
    thumbnailPrompt: string;
    thumbnailStyle: string;
    thumbnailAspect: string;
    thumbnailPersona: string;
    thumbnailModel: string;
    vote: string;
    voteWhat: string;
    voteWhatLatestPack: string;
    voteWhatLatestComparison: string;
    voteItem: string;
    voteHours: string;
    voteHoursChoice: (v: { hours: number }) => string;
  };
  styles: Record<ImageStyle, string>;
  aspects: Record<ImageAspect, string>;
  help: string;
  welcome: (v: { mention: string; placesLeft: number; total: number }) => string;
  credits: (v: { credits: number; earlyBird: boolean }) => string;
  linkSent: (v: { email: string; minutes: number }) => string;
  linked: (v: { email: string; earlyBird: boolean; roleGiven: boolean; waitlisted: boolean }) => string;
  working: (v: { model: string; cost: number }) => string;
  posted: (v: { mention: string; prompt: string; creditsLeft: number }) => string;
  failed: (v: { credits: number }) => string;
  notLinked: string;
  outOfCredits: (v: { model: string; cost: number; credits: number }) => string;
  /** Where a result is posted: the option that makes it public. */
  posting: { publicOption: string };
  /** The help's lines for /pack, /check, /personas, /edit and /style, after the first commands'. */
  moreHelp: string;
  pack: {
    command: string;
    prompt: string;
    /** The price, before anything is charged: the confirm button's message. */
    quote: (v: { count: number; model: string; cost: number; credits: number }) => string;
    confirm: string;
    cancel: string;
    working: (v: { count: number; model: string; cost: number }) => string;
    cancelled: string;
    /** The pending request is gone (15 minutes passed, or the bot restarted). */
    expired: string;
    notYours: string;
    alreadyConfirmed: string;
    /** A second press while the first is still being charged: its outcome is not known yet. */
    stillConfirming: string;
    /** Cancel pressed while a confirm runs: it cannot be undone, and may still fail (credits spent elsewhere). */
    beingConfirmed: string;
    posted: (v: { mention: string; prompt: string; count: number; creditsLeft: number }) => string;
    someFailed: (v: { count: number; credits: number }) => string;
    allFailed: (v: { credits: number }) => string;
  };
  check: {
    command: string;
    image: string;
    /** Heads the findings: the picture attached is the phone feed's slot. */
    heading: (v: { prompt: string; size: string }) => string;
    /** How to apply a fix from Discord. */
    fixWith: string;
    /** Public only: the member's private note while the check is posted in the channel, then once it is. */
    posting: string;
    posted: string;
  };
  personas: {
    command: string;
    heading: (v: { count: number }) => string;
    none: string;
    use: string;
  };
  edit: {
    command: string;
    instruction: string;
    working: (v: { cost: number }) => string;
    posted: (v: { mention: string; creditsLeft: number }) => string;
  };
  style: {
    command: string;
    kitOption: string;
    heading: (v: { count: number }) => string;
    none: string;
    use: string;
  };
  /** The app's own refusals, in the member's words. */
  serviceErrors: {
    noImage: string;
    imageNotFound: string;
    imageNotReady: string;
    personaGone: string;
    styleKitNotFound: string;
    outOfCredits: string;
    modelUnavailable: string;
    modelNoPersonas: string;
    modelCannotEdit: string;
    cannotRelayout: string;
    busy: (v: { seconds: number }) => string;
  };
  /** Community polls: the channel message (in its poster's language), the vote button's answers and /vote's. */
  polls: {
    /** /help's line for /vote, after the list of the other commands. */
    helpLine: string;
    question: (v: { mention: string | null }) => string;
    howTo: string;
    votes: (v: { count: number }) => string;
    closes: (v: { when: string }) => string;
    closed: string;
    winner: (v: { label: string; votes: number; total: number }) => string;
    tie: (v: { labels: string }) => string;
    noVotes: string;
    youVoted: (v: { label: string }) => string;
    posting: (v: { channel: string }) => string;
    posted: (v: { channel: string; url: string }) => string;
    postFailed: string;
    stillPosting: (v: { channel: string }) => string;
    closedBeforePosted: string;
    pack: (v: { prompt: string }) => string;
    comparison: (v: { prompt: string }) => string;
    nothingToPost: string;
    itemGone: string;
    notReady: string;
    notConfigured: string;
    gone: string;
  };
  errors: {
    invalidInput: (v: { fields: string }) => string;
    invalidEmail: string;
    invalidCode: string;
    wrongCode: string;
    noPendingLink: string;
    alreadyLinked: string;
    accountLinkedElsewhere: string;
    rateLimited: (v: { seconds: number }) => string;
    mailUnavailable: string;
    unknownPersona: (v: { known: string }) => string;
    modelUnavailable: (v: { model: string }) => string;
    databaseUnavailable: string;
    unexpected: string;
  };
}
