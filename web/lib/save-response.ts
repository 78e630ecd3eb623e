/**
 * Hands a file answered by the API to the browser to save, under the name the server gave it (or `fallback`).
 * The blob is held until the save link has been clicked; a moment later nothing needs its URL.
 */
export async function saveResponse(res: Response, fallback: string): Promise<void> {
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallback;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
