import {
  AUTH_PATHS,
  type SendOtpResponse,
  sendOtpResponseSchema,
  type SignInResponse,
  signInResponseSchema,
} from "../../../contract/auth.ts";
import { apiRequest } from "../../lib/api.ts";

export async function sendOtp(email: string, language: string): Promise<SendOtpResponse> {
  const res = await apiRequest("POST", AUTH_PATHS.sendOtp, { email, language });
  return sendOtpResponseSchema.parse(await res.json());
}

export async function verifyOtp(email: string, code: string, language: string): Promise<SignInResponse> {
  const res = await apiRequest("POST", AUTH_PATHS.verifyOtp, { email, code, language });
  return signInResponseSchema.parse(await res.json());
}

export async function loginWithPassword(email: string, password: string): Promise<SignInResponse> {
  const res = await apiRequest("POST", AUTH_PATHS.login, { email, password });
  return signInResponseSchema.parse(await res.json());
}
