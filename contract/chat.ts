import { z } from "zod/mini";
import { languages } from "./languages.ts";
import { comparisonSchema } from "./comparisons.ts";
import { feedCheckSchema } from "./feed-check.ts";
import { editImageInputSchema } from "./image-edit.ts";
import { imageAspectSchema, imageRecordSchema, imageStyleSchema, MAX_PROMPT_LENGTH, PACK_SIZE } from "./images.ts";
import { personaRoles, personaSchema } from "./personas.ts";
import { VIDEO_BEST_FRAMES, videoFrameReasons } from "./videos.ts";

/** The chat studio's wire format (docs/product/chat.md). Messages travel as AI SDK UI messages. */

export const CHAT_PATH = "/api/chat";
export const CONVERSATIONS_PATH = "/api/conversations";
/** Most images one chat message may make, whatever it asks for. */
export const MAX_IMAGES_PER_MESSAGE = 4;
export const MAX_CHAT_MESSAGE_LENGTH = MAX_PROMPT_LENGTH;
export const CONVERSATION_TITLE_MAX_LENGTH = 80;
export const CONVERSATIONS_PAGE_DEFAULT = 30;
export const CONVERSATIONS_PAGE_MAX = 100;

export const conversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.object({ conversations: z.array(conversationSchema), nextCursor: z.nullable(z.string()) });
export type ConversationList = z.infer<typeof conversationListSchema>;

export const createConversationRequestSchema = z.object({ title: z.optional(z.string().check(z.trim(), z.maxLength(CONVERSATION_TITLE_MAX_LENGTH))) });
export const renameConversationRequestSchema = z.object({ title: z.string().check(z.trim(), z.minLength(1), z.maxLength(CONVERSATION_TITLE_MAX_LENGTH)) });
export const conversationResponseSchema = z.object({ conversation: conversationSchema });

/** A stored UI message: its parts are AI SDK UI message parts (text, tool calls with inputs and outputs). */
export const chatMessageSchema = z.object({ id: z.string(), role: z.enum(["user", "assistant"]), parts: z.array(z.unknown()) });
/**
 * A message of the shown branch that has siblings (an edited message, a regenerated answer): all of them, oldest
 * first, and where the shown one stands among them (docs/product/chat.md, Editing and regenerating).
 */
export const branchPointSchema = z.object({ messageId: z.string(), siblingIds: z.array(z.string()), index: z.number() });
export type BranchPoint = z.infer<typeof branchPointSchema>;
/** GET /api/conversations/:id/messages and PUT …/branch: the branch shown, from the first message to its leaf. */
export const chatMessagesResponseSchema = z.object({ messages: z.array(chatMessageSchema), branchPoints: z.array(branchPointSchema) });
export type ChatBranch = z.infer<typeof chatMessagesResponseSchema>;
const messageIdSchema = z.string().check(z.minLength(1), z.maxLength(100));
/** PUT /api/conversations/:id/branch: show the branch through this message (its newest leaf). */
export const switchBranchRequestSchema = z.object({ messageId: messageIdSchema });

/** Tool inputs: what the assistant (offline or an LLM) may ask for. The user is never an argument. */
export const generateThumbnailInputSchema = z.object({
  /** What to draw, in the user's words. */
  prompt: z.string().check(z.minLength(1), z.maxLength(MAX_PROMPT_LENGTH)),
  /** The words on the thumbnail, when the user quoted them. */
  headline: z.optional(z.string().check(z.maxLength(120))),
  style: z.optional(imageStyleSchema),
  aspect: z.optional(imageAspectSchema),
  /** A model id from GET /api/models. */
  model: z.optional(z.string().check(z.maxLength(64))),
  /** Persona handles without the @, the user's own only. */
  personaHandles: z.optional(z.array(z.string().check(z.maxLength(40))).check(z.maxLength(3))),
  /** One of the user's images (an upload attached to the message) to start from. */
  baseImageId: z.optional(z.uuid()),
  count: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_IMAGES_PER_MESSAGE))),
  /** Only when the user asks for it ("let the model write it"): a provider model draws the headline itself. */
  modelText: z.optional(z.boolean()),
  /** "In my style": made in the user's style kit (docs/product/style-kits.md), the one picked, else their newest. */
  myStyle: z.optional(z.boolean()),
});
export type GenerateThumbnailInput = z.infer<typeof generateThumbnailInputSchema>;

/**
 * An A/B pack: three 16:9 thumbnails of one prompt that differ in composition and colour, for YouTube's Test &
 * Compare (docs/product/images.md, The A/B pack). Its size is fixed, so it has no aspect or count.
 */
export const generatePackInputSchema = z.object({
  prompt: generateThumbnailInputSchema.shape.prompt,
  headline: generateThumbnailInputSchema.shape.headline,
  style: generateThumbnailInputSchema.shape.style,
  model: generateThumbnailInputSchema.shape.model,
  personaHandles: generateThumbnailInputSchema.shape.personaHandles,
  baseImageId: generateThumbnailInputSchema.shape.baseImageId,
  /** One base image per variant, A's first: three frames of a video (videoFrame with count 3), never with baseImageId. */
  baseImageIds: z.optional(z.array(z.uuid()).check(z.length(PACK_SIZE))),
  modelText: generateThumbnailInputSchema.shape.modelText,
  myStyle: generateThumbnailInputSchema.shape.myStyle,
});
export type GeneratePackInput = z.infer<typeof generatePackInputSchema>;

export { ART_WORD_MAX_LENGTH, type EditImageInput, editImageInputSchema, headlineFonts, headlinePositions, subjectPositions } from "./image-edit.ts";

/** Most variants one varyImage call makes ("three versions"). */
export const MAX_VARIANTS = 3;

/**
 * New variants of one of the user's images ("three versions", "try again"): its scene laid out another way each time,
 * with every earlier edit kept and this message's changes (the edit fields) made in all of them.
 */
export const varyImageInputSchema = z.object({
  ...editImageInputSchema.shape,
  /** How many variants; 3 when omitted. */
  count: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_VARIANTS))),
});
export type VaryImageInput = z.infer<typeof varyImageInputSchema>;

export const listPersonasInputSchema = z.object({});

/** One of the user's personas takes the place of the subject of one of their images, as a new image. */
export const replaceSubjectInputSchema = z.object({
  /** The persona's handle without the @, as the user wrote it. */
  personaHandle: z.string().check(z.minLength(1), z.maxLength(40)),
  /** The image whose subject is replaced; omitted: the image attached to this message, else the newest of this conversation. */
  baseImageId: z.optional(z.uuid()),
  /** A model id from GET /api/models that can swap subjects. */
  model: z.optional(z.string().check(z.maxLength(64))),
});
export type ReplaceSubjectInput = z.infer<typeof replaceSubjectInputSchema>;

/** Where "undo", "redo", "the first one" and "the latest" move along the current image's version chain. */
export const pickMoves = ["undo", "redo", "first", "latest"] as const;
export type PickMove = (typeof pickMoves)[number];

/**
 * Makes an existing image of this conversation current again, with no render and no charge: a move along the current
 * image's versions, or an image named by id ("let's use the second one"). Exactly one of the two.
 */
export const pickImageInputSchema = z
  .object({
    move: z.optional(z.enum(pickMoves)),
    imageId: z.optional(z.uuid()),
  })
  .check(z.refine((input) => (input.move === undefined) !== (input.imageId === undefined), "Give either a move or an imageId, not both."));
export type PickImageInput = z.infer<typeof pickImageInputSchema>;

/**
 * "Try this on every model" (docs/product/compare.md): a new prompt, or one of the user's images (without either, the
 * conversation's current image), on the Studio and every provider model this server has configured, one image each.
 */
export const compareModelsInputSchema = z.object({
  prompt: z.optional(generateThumbnailInputSchema.shape.prompt),
  imageId: z.optional(z.uuid()),
});
export type CompareModelsInput = z.infer<typeof compareModelsInputSchema>;

/**
 * Gives one of the user's images the title of the video it is for ("the title is 'I tried 100 days of coding'"), free
 * and without a new image (docs/product/images.md, Video title). The title's length is checked by the tool, so an
 * answer can say why one over YouTube's limit was refused.
 */
export const setTitleInputSchema = z.object({
  title: z.string().check(z.minLength(1), z.maxLength(MAX_PROMPT_LENGTH)),
  /** The image to title; omitted: the current image of this conversation. */
  imageId: z.optional(z.uuid()),
});
export type SetTitleInput = z.infer<typeof setTitleInputSchema>;

/** "set": the image has the title now. "too-long": over YouTube's 100 characters, refused; the image keeps the title it had. */
export const titleToolOutcomes = ["set", "too-long"] as const;
export const setTitleOutputSchema = z.object({
  imageId: z.string(),
  outcome: z.enum(titleToolOutcomes),
  /** The image's title after the call: the new one, or (refused) the one it kept. */
  title: z.nullable(z.string()),
  /** The asked title's length in characters, and YouTube's limit: what a refusal says. */
  length: z.int(),
  max: z.int(),
});
export type SetTitleOutput = z.infer<typeof setTitleOutputSchema>;

/** Layers and properties a Studio edit can change, as its diff names them. */
export const sceneChangeLayers = ["headline", "background", "subject", "art", "frame"] as const;
export const sceneChangeProperties = ["text", "color", "size", "outline", "x", "y", "style", "added", "removed", "aspect", "font", "outlineColor", "persona"] as const;

/** One change an edit made, read off the scene before and after: `{ layer: "headline", property: "color", from: "#ffffff", to: "#e63946" }`. */
export const sceneChangeSchema = z.object({
  layer: z.enum(sceneChangeLayers),
  property: z.enum(sceneChangeProperties),
  from: z.optional(z.union([z.string().check(z.maxLength(400)), z.number()])),
  to: z.optional(z.union([z.string().check(z.maxLength(400)), z.number()])),
});
export type SceneChange = z.infer<typeof sceneChangeSchema>;

/**
 * Whether an edit's diff touches the headline alone (its words, face, colour, size, outline, place or plate): the
 * picture under it is laid out again as it was, with new lettering, and no model draws anything, so the edit is free
 * (docs/decisions/038-headline-edits-are-free.md). An empty diff (nothing to make) or none (no scene) is not one.
 */
export function onlyHeadlineChanges(changes: readonly SceneChange[] | undefined): boolean {
  return changes !== undefined && changes.length > 0 && changes.every((change) => change.layer === "headline");
}

const imageToolOutcomes = ["no-change", "from-prompt", "picked", "already-current", "nothing-to-undo", "nothing-to-redo"] as const;

/** Tool outputs, as the thread shows them (image ids and records, never bytes). */
export const imagesToolOutputSchema = z.object({
  images: z.array(imageRecordSchema),
  creditsSpent: z.number(),
  creditsLeft: z.number(),
  /** What the ledger gave back for these images (failed ones); absent on outputs saved before it was told. */
  creditsRefunded: z.optional(z.number()),
  /** An edit's scene diff: what it changed, layer by layer (Studio edits only). */
  changes: z.optional(z.array(sceneChangeSchema)),
  /**
   * "no-change": the edit would have left the picture as it was, so no image was made and nothing was charged.
   * "from-prompt": the image had no scene to vary, so the new ones were made again from its prompt.
   * "picked": an existing image became current again (its one image), free. "already-current": the image asked for is
   * the current one. "nothing-to-undo" / "nothing-to-redo": the current image has no earlier / later version; no image.
   */
  outcome: z.optional(z.enum(imageToolOutcomes)),
  /** A picked image's place among its versions (the chain GET /api/images/:id/versions answers), 1-based. */
  version: z.optional(z.object({ number: z.int(), of: z.int() })),
});
export type ImagesToolOutput = z.infer<typeof imagesToolOutputSchema>;

/**
 * The feed check of one of the user's images (docs/product/feed-check.md), free: how it reads at the sizes YouTube
 * shows it at, and what to fix. Without an id, the newest image of this conversation.
 */
export const checkImageInputSchema = z.object({ imageId: z.optional(z.uuid()) });
export type CheckImageInput = z.infer<typeof checkImageInputSchema>;
export const checkImageOutputSchema = z.object({ check: feedCheckSchema });
export type CheckImageOutput = z.infer<typeof checkImageOutputSchema>;

/**
 * A frame of one of the user's videos as an image (docs/product/videos.md, In the chat), free: the best moment, one of
 * the best frames by rank, or the moment at a timecode; with `count`, the best `count` frames from different moments.
 * Its images are uploads a thumbnail (baseImageId), a subject swap or a pack (baseImageIds) then starts from.
 */
export const videoFrameInputSchema = z.object({
  /** Omitted: the video of this message, else the user's latest ready video. */
  videoId: z.optional(z.uuid()),
  /** "best" (the default), a rank of the best frames (1 = best), or a timecode such as "1:05", "0:03.5" or "65s". */
  moment: z.optional(z.union([z.int().check(z.minimum(1), z.maximum(VIDEO_BEST_FRAMES)), z.string().check(z.minLength(1), z.maxLength(16))])),
  /** The best `count` frames, best first (for a pack from different moments); only with the moment "best". */
  count: z.optional(z.int().check(z.minimum(1), z.maximum(PACK_SIZE))),
});
export type VideoFrameInput = z.infer<typeof videoFrameInputSchema>;
/** One frame taken: its moment, and its rank and reasons when it is one of the best frames. */
export const takenFrameSchema = z.object({ imageId: z.string(), timeMs: z.number(), rank: z.nullable(z.int()), reasons: z.array(z.enum(videoFrameReasons)) });
export const videoFrameOutputSchema = z.extend(imagesToolOutputSchema, {
  video: z.object({ id: z.string(), name: z.string(), durationMs: z.number() }),
  frames: z.array(takenFrameSchema),
});
export type VideoFrameOutput = z.infer<typeof videoFrameOutputSchema>;

/**
 * What is said around a moment of the user's video, and headlines from it (needs the server's transcription model),
 * free: "what do I say at 2:31?".
 */
export const videoHeadlinesInputSchema = z.object({
  videoId: videoFrameInputSchema.shape.videoId,
  /** A timecode such as "2:31", "0:03.5" or "65s". */
  at: z.string().check(z.minLength(1), z.maxLength(16)),
});
export type VideoHeadlinesInput = z.infer<typeof videoHeadlinesInputSchema>;
export const videoHeadlinesOutputSchema = z.object({
  videoId: z.string(),
  timeMs: z.number(),
  transcript: z.string(),
  headlines: z.array(z.string()),
});
export type VideoHeadlinesOutput = z.infer<typeof videoHeadlinesOutputSchema>;

/**
 * A persona made from one photo, free (docs/product/videos.md, In the chat): "make @me from this frame". The draft is
 * made from the frame and saved under the handle; the persona is usable as `@handle` in the next message.
 */
export const personaFromFrameInputSchema = z.object({
  /** The photo: omitted, the frame just taken (videoFrame) or the image attached to this message. */
  imageId: z.optional(z.uuid()),
  /** The handle without the @ ("me"); omitted, one made from the suggested name. */
  handle: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
  /** Omitted: the name the draft suggests. */
  name: z.optional(z.string().check(z.minLength(1), z.maxLength(60))),
  /** Omitted: artist, the first. */
  role: z.optional(z.enum(personaRoles)),
});
export type PersonaFromFrameInput = z.infer<typeof personaFromFrameInputSchema>;
export const personaFromFrameOutputSchema = z.object({ persona: personaSchema, imageId: z.string() });
export type PersonaFromFrameOutput = z.infer<typeof personaFromFrameOutputSchema>;

export const personaSummarySchema = z.object({ id: z.string(), handle: z.string(), name: z.string(), role: z.string() });
export const listPersonasOutputSchema = z.object({ personas: z.array(personaSummarySchema) });
export type ListPersonasOutput = z.infer<typeof listPersonasOutputSchema>;

/**
 * A comparison started: its images (one per model, filling in as each finishes) are under `comparison`, never a
 * top-level `images`, so none of them is the current image until the user picks a winner.
 */
export const compareModelsOutputSchema = z.object({ comparison: comparisonSchema, creditsSpent: z.number(), creditsLeft: z.number() });
export type CompareModelsOutput = z.infer<typeof compareModelsOutputSchema>;

/**
 * The chat's tools, declared once: each name with what it takes and what it answers. The server's AI SDK tools take
 * their names and input schemas from here, and the web types its UI message parts (`tool-<name>`) from it.
 */
export const chatTools = {
  generateThumbnail: { input: generateThumbnailInputSchema, output: imagesToolOutputSchema },
  generatePack: { input: generatePackInputSchema, output: imagesToolOutputSchema },
  editImage: { input: editImageInputSchema, output: imagesToolOutputSchema },
  varyImage: { input: varyImageInputSchema, output: imagesToolOutputSchema },
  replaceSubject: { input: replaceSubjectInputSchema, output: imagesToolOutputSchema },
  listPersonas: { input: listPersonasInputSchema, output: listPersonasOutputSchema },
  pickImage: { input: pickImageInputSchema, output: imagesToolOutputSchema },
  setTitle: { input: setTitleInputSchema, output: setTitleOutputSchema },
  checkImage: { input: checkImageInputSchema, output: checkImageOutputSchema },
  videoFrame: { input: videoFrameInputSchema, output: videoFrameOutputSchema },
  videoHeadlines: { input: videoHeadlinesInputSchema, output: videoHeadlinesOutputSchema },
  personaFromFrame: { input: personaFromFrameInputSchema, output: personaFromFrameOutputSchema },
  compareModels: { input: compareModelsInputSchema, output: compareModelsOutputSchema },
} as const;
export type ChatToolName = keyof typeof chatTools;
export type ChatToolInput<Name extends ChatToolName> = z.infer<(typeof chatTools)[Name]["input"]>;
export type ChatToolOutput<Name extends ChatToolName> = z.infer<(typeof chatTools)[Name]["output"]>;
/** Every tool's input and output types, in the shape AI SDK UI messages take as their tools (`UITools`). */
export type ChatToolTypes = { [Name in ChatToolName]: { input: ChatToolInput<Name>; output: ChatToolOutput<Name> } };

export const chatToolNames = Object.keys(chatTools) as readonly ChatToolName[];

export function isChatToolName(name: string): name is ChatToolName {
  return Object.hasOwn(chatTools, name);
}

/** The message a user sends: text only (an attached image travels as `attachmentImageId`). */
export const userMessageSchema = z.object({
  id: messageIdSchema,
  role: z.literal("user"),
  parts: z
    .array(z.object({ type: z.literal("text"), text: z.string().check(z.maxLength(MAX_CHAT_MESSAGE_LENGTH)) }))
    .check(z.minLength(1), z.maxLength(8)),
});

/**
 * POST /api/chat: one new user message for a conversation, with the composer's picker values as defaults. With
 * `editOf` the message is an edit of that earlier user message (a new branch beside it); `regenerate` instead of a
 * message asks for a new answer beside that earlier answer.
 */
export const chatRequestSchema = z.object({
  /** The conversation; an id no conversation has yet (a new uuid) makes one with this message. */
  id: z.uuid(),
  message: z.optional(userMessageSchema),
  /** The user message this one replaces: it is stored beside it, and the answer follows the new one. */
  editOf: z.optional(messageIdSchema),
  /** The answer to write again: a new answer to the same message, stored beside it. */
  regenerate: z.optional(messageIdSchema),
  style: z.optional(imageStyleSchema),
  aspect: z.optional(imageAspectSchema),
  model: z.optional(z.string().check(z.maxLength(64))),
  /** "My style" in the composer's picker: one of the user's style kits, what new thumbnails are made in. */
  styleKitId: z.optional(z.uuid()),
  attachmentImageId: z.optional(z.uuid()),
  /** An image of this conversation the user picked to work on ("Edit" on its card): the current image for this message. */
  imageId: z.optional(z.uuid()),
  /** A video the user attached (From your video): the current video for this message, its frames the next base image. */
  videoId: z.optional(z.uuid()),
  /** The interface language the person is using: the answer's language. */
  language: z.optional(z.enum(languages)),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/**
 * What a chat request asks for: a message (maybe an edit), or a regenerated answer; undefined for a request that names
 * both or neither, or an edit without its message. The fields are checked one by one by the schema, this combination
 * here (a JSON schema cannot say it as plainly).
 */
export function chatRequestKind(request: ChatRequest): "message" | "regenerate" | undefined {
  if (request.message !== undefined) return request.regenerate === undefined ? "message" : undefined;
  return request.regenerate !== undefined && request.editOf === undefined ? "regenerate" : undefined;
}

/**
 * What a chat tool call would spend, shown on its approval card before it runs (docs/product/chat.md, Approving a
 * spend): the whole cost, the balance when it was asked, and the model by name.
 */
export const spendQuoteSchema = z.object({
  cost: z.number(),
  balance: z.number(),
  count: z.number(),
  modelId: z.string(),
  modelLabel: z.string(),
});
export type SpendQuote = z.infer<typeof spendQuoteSchema>;

/** POST /api/chat/:id/approval: the user's Approve / Deny for every spend the last answer is waiting on. */
export const chatApprovalRequestSchema = z.object({
  approvals: z
    .array(z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)), approved: z.boolean() }))
    .check(z.minLength(1), z.maxLength(MAX_IMAGES_PER_MESSAGE)),
  language: z.optional(z.enum(languages)),
});
export type ChatApprovalRequest = z.infer<typeof chatApprovalRequestSchema>;

export const stopChatResponseSchema = z.object({ stopped: z.boolean() });
