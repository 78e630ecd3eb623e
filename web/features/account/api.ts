import { AUTH_PATHS, type SetPasswordResponse, setPasswordResponseSchema } from "../../../contract/auth.ts";
import { apiRequest } from "../../lib/api.ts";

/** Sets a first password, or changes it when the current one is given (the server then ends other sessions). */
export async function setPassword(newPassword: string, currentPassword?: string): Promise<SetPasswordResponse> {
  const res = await apiRequest("POST", AUTH_PATHS.password, currentPassword ? { currentPassword, newPassword } : { newPassword });
  return setPasswordResponseSchema.parse(await res.json());
}
