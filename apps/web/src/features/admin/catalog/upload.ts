/** What the server answered an upload: its status and JSON body (null when it was not JSON). */
export interface UploadAnswer {
  status: number;
  body: unknown;
}

/**
 * Sends one file as multipart/form-data (field `file`) and reports how much of it has gone, from
 * 0 to 1. XMLHttpRequest, because fetch reports no upload progress. Rejects only when the
 * request could not be made (offline); any answer of the server resolves.
 */
export function uploadFile(
  url: string,
  file: File,
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // not JSON: a proxy's page; the status says enough
      }
      resolve({ status: request.status, body });
    });
    request.addEventListener('error', () => reject(new Error('The upload could not be sent')));
    request.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

/** An upload's answer as RTK Query would hand over an error, for readApiError and messages. */
export function asApiError(answer: UploadAnswer) {
  return { status: answer.status, data: answer.body };
}
