import { beforeEach, describe, expect, it } from "vitest";
import { clearStoredAuth, readStoredUser, writeStoredUser } from "./auth-storage.ts";

beforeEach(() => localStorage.clear());

describe("stored user", () => {
  it("reads auth_user, else the legacy user key", () => {
    expect(readStoredUser()).toBeNull();
    localStorage.setItem("user", JSON.stringify({ id: "1", email: "old@example.com" }));
    expect(readStoredUser()?.email).toBe("old@example.com");
    writeStoredUser({ id: "2", email: "new@example.com" });
    expect(readStoredUser()?.email).toBe("new@example.com");
  });

  it("removes a corrupt record and treats the user as signed out", () => {
    localStorage.setItem("auth_user", "{not json");
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem("auth_user")).toBeNull();
    localStorage.setItem("auth_user", JSON.stringify({ id: 5 }));
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem("auth_user")).toBeNull();
  });

  it("clears the user and the session token", () => {
    writeStoredUser({ id: "1", email: "a@example.com" });
    localStorage.setItem("sessionToken", "t");
    clearStoredAuth();
    expect(localStorage.getItem("auth_user")).toBeNull();
    expect(localStorage.getItem("sessionToken")).toBeNull();
  });
});
