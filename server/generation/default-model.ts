/** The model a request gets when it names none: Thumbforge Studio, on this machine. */
export const DEFAULT_MODEL = "studio";
