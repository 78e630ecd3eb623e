/**
 * Hands a file answered by the API to the browser to save, under the name the server gave it (its UTF-8
 * `filename*`, which keeps a Chinese or Japanese headline, else its ASCII `filename`), or `fallback`.
 * The blob is held until the save link has been clicked; a moment later nothing needs its URL.
 */
export async function saveResponse(res: Response, fallback: string): Promise<void> {
  const name = fileNameOf(res.headers.get("content-disposition") ?? "") ?? fallback;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function fileNameOf(disposition: string): string | undefined {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed escape: the ASCII name below still names it.
    }
  }
  return /filename="([^"]+)"/.exec(disposition)?.[1];
}
