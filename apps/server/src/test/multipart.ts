/** A multipart/form-data body with one file, as a browser's form upload sends it. */
export function multipartFile(
  field: string,
  fileName: string,
  contentType: string,
  bytes: Buffer,
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `souqtest${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
