/**
 * Fetches a file and saves it under `fileName`, calling `onProgress` with the bytes received so
 * far (and the Content-Length, 0 when the answer streams without one) as it arrives, so the
 * button can show progress. A refusal throws the answer's `message`. Resolves with the size.
 */
export async function downloadWithProgress(
  url: string,
  init: RequestInit,
  fileName: string,
  onProgress: (received: number, total: number) => void,
): Promise<number> {
  const response = await fetch(url, { credentials: "same-origin", ...init });
  if (!response.ok || !response.body)
    throw new Error(((await response.json().catch(() => null)) as { message?: string } | null)?.message ?? "The export failed.");
  const total = Number(response.headers.get("Content-Length")) || 0;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(received, total);
  }
  const blob = new Blob(chunks as BlobPart[], { type: response.headers.get("Content-Type") ?? "application/octet-stream" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  return received;
}
