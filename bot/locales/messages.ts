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
