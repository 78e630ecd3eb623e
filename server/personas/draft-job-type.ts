import { z } from "zod";
import { defineJobType } from "../jobs/job-type.ts";

/** Makes a persona draft from its photos: the best cut-out, a picture, a suggested name and a description. */
export const personaDraftJob = defineJobType("persona-draft", z.object({ draftId: z.uuid() }));
